"""A ProviderConfig's credentials turned into what the provider process gets: provider-block arguments
(Terraform form), secret provider-block arguments (given in memory only) and its environment.

What every provider declares (:class:`tfconfig.Credentials`) is read here:

- ``credentials.source: Secret``: a Secret key holding a JSON object (or an INI profile, where the
  provider reads one: its ``[default]`` section, case-insensitive, as go-ini reads it), or without a
  key the Secret's own keys; each key the provider declares becomes an environment variable or a
  provider-block argument. A Secret that gives none of them is refused: the provider would look for
  credentials of its own.
- ``credentials.source: None``: nothing from us. Only a cluster-scoped ProviderConfig, the operator's,
  may say so: a namespace's would run on the provider's own identity.

A provider's extension (a :class:`tfconfig.CredentialsExtension` in its own package) resolves its
own sources and the rest of its spec with the same :class:`tfconfig.Context`. Every provider process
starts from a clean environment as far as the provider owns it (``Credentials.owned``): inherited
variables are dropped but for the deployment's settings (``inherited_env``), and the source adds only
what it needs; unless a cluster-scoped ProviderConfig chooses an ambient source, ``no_ambient_env`` keeps
the provider from finding the node's identity itself.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import tempfile
from collections.abc import Callable, Mapping
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from bridge.api.errors import InvalidSpec, Retryable
from bridge.kube import decode, names
from tfconfig import Context, Credentials, CredentialsError, CredentialsUnavailable, Sourced
from tfconfig.credentials import NONE, SECRET

SecretValue = Callable[[Mapping[str, Any], str], bytes]  # (secretRef, where it is in the spec) → the value
SecretData = Callable[[Mapping[str, Any], str], Mapping[str, bytes]]  # (secretRef, where) → the Secret's data

__all__ = ["Ambient", "SecretData", "SecretValue", "Sourced", "Sources", "default_profile"]


@dataclasses.dataclass(frozen=True)
class Ambient:
    """What a namespace's ProviderConfig may use besides a Secret: both off by default, since the pod's
    identity and the network it reaches are the operator's, not a tenant's."""

    identity_in_namespaces: bool = False
    endpoints_in_namespaces: bool = False


class Sources:
    """Turns a ProviderConfig's spec into :class:`Sourced`: the declared mapping, then the provider's
    extension."""

    def __init__(self, config: Credentials, *, environ: Mapping[str, str], files: Path | None = None,
                 ambient: Ambient | None = None) -> None:
        self.config, self.environ, self.ambient = config, environ, ambient or Ambient()
        self._files = files

    def resolve(self, spec: Mapping[str, Any], *, display: str, namespaced: bool, secret_value: SecretValue,
                secret_data: SecretData | None = None) -> Sourced:
        creds = spec.get("credentials") or {}
        if not isinstance(creds, dict):
            raise InvalidSpec(f"{display}: spec.credentials: must be an object")
        source = creds.get("source", SECRET)
        if source not in self.config.sources:
            raise InvalidSpec(f"{display}: spec.credentials.source: {names.shown(str(source))} is not a known source")
        context = Context(display=display, namespaced=namespaced, environ=self.environ, secret_value=secret_value,
                          private_file=lambda name, content: str(self._private_file(display, name, content)),
                          identity_in_namespaces=self.ambient.identity_in_namespaces,
                          endpoints_in_namespaces=self.ambient.endpoints_in_namespaces)
        if source == NONE and namespaced:
            raise InvalidSpec(f"{display}: spec.credentials.source: None would leave the provider to find "
                              f"credentials of its own (the node's identity); a namespaced ProviderConfig names a "
                              f"Secret")
        kept = self.config.inherited_env
        sourced = Sourced({}, {k: v for k, v in sorted(self.environ.items()) if any(fnmatchcase(k, p) for p in kept)},
                          ())
        try:
            if source == SECRET:
                sourced = sourced.plus(self._secret(creds, display, secret_value, secret_data))
            sourced = sourced.plus(self.config.extension.resolve(spec, str(source), context))
        except CredentialsError as exc:
            raise InvalidSpec(str(exc)) from exc
        except CredentialsUnavailable as exc:
            raise Retryable(str(exc), delay=exc.delay) from exc
        no_ambient = self.config.no_ambient_env
        if namespaced or source not in self.config.extension.ambient_sources:
            return sourced.plus(Sourced({}, dict(no_ambient), ()))
        # The operator's own choice of the pod's ambient identity: nothing inherited keeps it from the provider.
        return dataclasses.replace(sourced, env={k: v for k, v in sourced.env.items() if k not in no_ambient})

    # -- the declared mapping --------------------------------------------------------------------

    def _secret(self, creds: Mapping[str, Any], display: str, secret_value: SecretValue,
                secret_data: SecretData | None) -> Sourced:
        where = f"{display}: spec.credentials.secretRef"
        ref = creds.get("secretRef")
        whole = self.config.extension.whole_secret and secret_data is not None
        if not isinstance(ref, dict) or not ref.get("name") or not (ref.get("key") or whole):
            raise InvalidSpec(f"{where}: name and key are required")
        if not ref.get("key"):
            assert secret_data is not None
            return self._mapped({k: v.decode(errors="replace") for k, v in secret_data(ref, where).items()},
                                f"{where}: the Secret's keys")
        raw = secret_value(ref, where)
        try:
            values = decode.loads(raw)
        except ValueError:
            values = None
        if isinstance(values, dict):
            return self._mapped(values, f"{where}: the JSON object of key {ref['key']!r}")
        if not self.config.profile:
            # Never echo the secret: only where it is and that it is not JSON.
            raise InvalidSpec(f"{where}: the value of key {ref['key']!r} is not a JSON object")
        profile = default_profile(raw, f"{where}: the value of key {ref['key']!r}")
        found = {self.config.profile[k]: v for k, v in profile.items() if k in self.config.profile and v}
        for key, variable in sorted(self.config.profile.items()):
            # Upstream would carry on with empty credentials that fail at the first cloud call.
            if variable in self.config.required and variable not in found:
                raise InvalidSpec(f"{where}: no {key} in the default profile of key {ref['key']!r}")
        if not found:
            raise InvalidSpec(f"{where}: the default profile of key {ref['key']!r} has none of the provider's "
                              f"credentials ({', '.join(sorted(self.config.profile))})")
        return Sourced({}, found, tuple(found.values()))

    def _mapped(self, values: Mapping[str, Any], what: str) -> Sourced:
        """The declared keys of ``values``: environment variables and secret provider-block arguments. None
        of them, or not every one the provider requires, is refused: the provider would go looking for
        credentials of its own."""
        given = {k: str(v) for k, v in values.items() if v not in (None, "")}
        env = {self.config.env[k]: v for k, v in given.items() if k in self.config.env}
        arguments = {self.config.arguments[k]: v for k, v in given.items() if k in self.config.arguments}
        declared = {**self.config.env, **self.config.arguments}
        missing = [k for k, target in sorted(declared.items()) if target in self.config.required and k not in given]
        if not (env or arguments):
            raise InvalidSpec(f"{what} has none of the provider's credentials ({', '.join(sorted(declared))})")
        if missing:
            raise InvalidSpec(f"{what} has no {', '.join(missing)}")
        return Sourced({}, env, (*env.values(), *arguments.values()), arguments)

    def _private_file(self, display: str, name: str, content: str) -> Path:
        """A private copy of a secret (a web identity token) for the provider to read, replaced atomically
        when it changes."""
        if self._files is None:
            self._files = Path(tempfile.mkdtemp(prefix="tfbridge-credentials-"))
        folder = self._files / hashlib.sha256(display.encode()).hexdigest()[:16]
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        path = folder / name
        if path.exists() and path.read_text() == content:
            return path
        fd, tmp = tempfile.mkstemp(dir=folder)
        with os.fdopen(fd, "w") as f:  # mkstemp makes it 0600
            f.write(content)
        os.replace(tmp, path)
        return path


def default_profile(raw: bytes, what: str) -> dict[str, str]:
    """The ``default`` profile of an INI credentials file, as go-ini's case-insensitive load reads it:
    section and key names in any case, ``=`` or ``:``, keys before any section in the default profile.
    Errors say where, never what the text was."""
    try:
        text = raw.decode()
    except UnicodeDecodeError as exc:
        raise InvalidSpec(f"{what} is neither a JSON object nor an INI profile") from exc
    section, found = "default", {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            if not line.endswith("]"):
                raise InvalidSpec(f"{what} is neither a JSON object nor an INI profile (line {number})")
            section = line[1:-1].strip().lower()
            continue
        key, sep, value = line.partition("=") if "=" in line else line.partition(":")
        if not sep:
            raise InvalidSpec(f"{what} is neither a JSON object nor an INI profile (line {number})")
        if section == "default":
            found[key.strip().lower()] = value.strip().strip('"')
    return found

