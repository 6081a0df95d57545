"""The balance report window: batches of AI-against-AI games run in the background, their
reports as charts and tables, runs compared side by side, reports exported as PDF."""
