"""The HTTP service's guard rails: identity, route policy, abuse limits, error shape, chat gate."""
