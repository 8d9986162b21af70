"""viabilidade — feasibility studies (estudos de viabilidade) under Goiás LC 02/1990.

The package is layered so that each layer only imports the ones before it::

    errors  <-  data  <-  candidate, geo  <-  profile  ->  rules (pure)  ->  report, batch, cli

``rules`` never imports ``data``, ``geo`` or ``report``; it works on the plain values
gathered in :mod:`viabilidade.profile`.
"""

__version__ = "0.1.0"
