"""What every tool's web package shares: request models, errors, OpenAPI, verdicts, registry, i18n."""
