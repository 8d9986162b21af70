"""Test session setup shared by every test module."""

from viabilidade.batch.unit import block_slow_imports

# With JupyterLab in the environment, `import jsonschema` (via nbformat/papermill) builds
# rfc3987-syntax's grammars (~2 s per process) for a JSON-schema format notebooks never use.
block_slow_imports()
