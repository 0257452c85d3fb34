"""The table app: app factory, extensions, error pages, forms, links, OpenAPI, views."""
