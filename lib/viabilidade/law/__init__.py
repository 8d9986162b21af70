"""The law floor's own tables that are not article rules: today the certifying bodies of
art. 4 § 2 of LC 02/1990 (:mod:`viabilidade.law.bodies`). Imports only the ground floor."""
