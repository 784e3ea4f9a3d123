"""``xz keygen``: make an Ed25519 key pair for signing logs (docs/log-format.md L3)."""

from __future__ import annotations

import os

import click

from xzcore.cli.examples import epilog
from xzcore.log.signing import KeyFileError, SigningUnavailableError, Verifier, write_keypair


@click.command(epilog=epilog("keygen"))
@click.argument("key", type=click.Path(dir_okay=False, writable=True))
@click.option("--force", is_flag=True, help="Replace KEY and KEY.pub if they exist.")
def keygen(key: str, force: bool) -> None:
    """Write a new Ed25519 private key to KEY (mode 0600) and its public key to KEY.pub.

    Sign logs with `xz record --sign KEY`; anyone can check them with
    `xz audit --verify-key KEY.pub`. Keep KEY secret; publish KEY.pub.

    Exit codes: 0 written; 1 not written (KEY or KEY.pub exists without --force, a folder
    is missing or not writable, or KEY.pub does not read back as the key); 2 usage error.
    """
    if not os.path.basename(key) or os.path.basename(key) in (".", ".."):
        # Path("") is ".", whose KEY.pub has no name: say so instead of a ValueError.
        raise click.BadParameter(f"{key!r} is not a file name", param_hint="KEY")
    if os.path.isdir(key + ".pub"):
        # Checked first: with --force, KEY would be replaced before KEY.pub failed, leaving
        # a private key without its public half.
        raise click.BadParameter(f"{key}.pub is a folder", param_hint="KEY")
    try:
        private_path, public_path = write_keypair(key, overwrite=force)
    except FileExistsError as exc:
        raise click.ClickException(str(exc)) from None
    except SigningUnavailableError as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"cannot write {exc.filename}: {exc.strerror}") from None
    try:
        # Read back what was written, with the bound and checks of every key file.
        key_id = Verifier.load(public_path).key_id.hex()
    except KeyFileError as exc:
        raise click.ClickException(
            f"{public_path} was written but does not read back: {exc}"
        ) from None
    click.echo(f"private key: {private_path} (keep it secret)")
    click.echo(f"public key:  {public_path} (key id {key_id})")
