"""Knowledge bases in the pipeline: trust at ingest (``ingest``) and recall in the turn (``recall``)."""
