"""File-system errors in words a user reads (pt-BR)."""

from __future__ import annotations

import errno

#: errno -> why the operation failed, in pt-BR.
REASONS = {
    errno.ENOENT: "não existe",
    errno.EACCES: "sem permissão",
    errno.EPERM: "operação não permitida",
    errno.EROFS: "sistema de arquivos somente leitura",
    errno.ENOSPC: "disco cheio (sem espaço livre)",
    errno.EDQUOT: "cota de disco esgotada",
    errno.EISDIR: "é uma pasta, não um arquivo",
    errno.ENOTDIR: "um componente do caminho é um arquivo, não uma pasta",
    errno.EEXIST: "já existe",
    errno.ENAMETOOLONG: "nome longo demais",
    errno.EIO: "erro de entrada e saída no disco",
}


def os_reason(e: OSError) -> str:
    """Why a file-system operation failed, in pt-BR (``ENOSPC`` -> ``"disco cheio (sem espaço
    livre)"``); the system's own text for an errno not in :data:`REASONS`."""
    return REASONS.get(e.errno, e.strerror or str(e))


def read_reason(e: OSError) -> str:
    """Why a file given by the user could not be read, in pt-BR: ``"o arquivo não existe"``
    for a missing file, else :func:`os_reason`."""
    return "o arquivo não existe" if isinstance(e, FileNotFoundError) else os_reason(e)
