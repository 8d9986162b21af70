"""The money of a municipality: one module per source or obligation, each a documented
function of public rules and published figures.

* :mod:`.fpm` — FPM-Interior coefficient by population bracket (DL 1.881/1981), its
  maintenance (LC 198/2023), the state's pool and the dilution a new coefficient causes;
* :mod:`.icms` — the municipalities' 25 % of ICMS and Goiás's IPM split (LC 177/2022);
* :mod:`.legislature` — the Câmara's cap (CF art. 29-A) and the councillors' pay caps (art.
  29, VI and VII);
* :mod:`.minimums` — education (CF art. 212) and health (LC 141/2012) minimums;
* :mod:`.economy` — all of it for one candidate (the study's chapter "Viabilidade
  econômico-financeira") and the statewide dilution of the screening.

Layer: the law floor (floor 2, docs/CONTRACTS.md): ``fpm``, ``icms``, ``legislature`` and
``minimums`` are law as constants and functions and import nothing of the package, so
``data`` may check its raw files against them; :mod:`.economy` sits on the profile floor (8)
because it applies them to a candidate's operation and imports ``operations`` and ``rules``.
"""
