"""viabilidade — feasibility studies (estudos de viabilidade) under Goiás LC 02/1990.

The root holds only the ground floor's :mod:`~viabilidade.errors` and
:mod:`~viabilidade.os_errors`; everything else is a package on one floor of the layer table
of docs/CONTRACTS.md ("Layers"), lowest first: ground (errors, os_errors, common), law
(rules.law/result/settings/ruleset, profile.types, fiscal), data, proposal, rules,
operations, geo, profile, report.writers, report, the products (statewide, batch,
explore) and cli. Imports only go down that table and never round in a cycle
(``tests/test_layers.py``).
"""

__version__ = "0.1.0"
