"""The direct provider-protocol executor (gRPC to a long-lived provider process)."""
