"""Pure name conversions: Terraform snake_case to Kubernetes field and kind names.

Field names follow upjet's JSON tags: each word is capitalised on its own (``ipv6_cidr_block`` →
``ipv6CidrBlock``), so acronyms never change a field name. Kinds use an acronym table
(``vpc_endpoint`` → ``VPCEndpoint``), as upjet's kinds do.
"""

import functools
from collections.abc import Mapping

# The words a kind spells otherwise than capitalised: upjet's common acronyms (crossplane/upjet,
# pkg/types/name/name.go), so that a kind is the one upjet derives from the same Terraform type.
ACRONYMS: dict[str, str] = {
    "acl": "ACL", "adm": "ADM", "ai": "AI", "alb": "ALB", "ami": "AMI", "amqp": "AMQP", "api": "API", "apns": "APNS",
    "ascii": "ASCII", "bgp": "BGP", "ca": "CA", "cloudformation": "CloudFormation", "cpu": "CPU", "css": "CSS",
    "db": "DB", "dhcp": "DHCP", "dicom": "DICOM", "dkim": "DKIM", "dns": "DNS", "dnssec": "DNSSEC", "ebs": "EBS",
    "ec2": "EC2", "efs": "EFS", "eip": "EIP", "elb": "ELB", "eof": "EOF", "fhir": "FHIR", "fsx": "FSX", "gcm": "GCM",
    "gcp": "GCP", "gid": "GID", "graphql": "GraphQL", "grpc": "GRPC", "guid": "GUID", "haproxy": "HAProxy",
    "hl7": "HL7", "hmac": "HMAC", "hsm": "HSM", "html": "HTML", "http": "HTTP", "https": "HTTPS", "iam": "IAM",
    "id": "ID", "ip": "IP", "ipset": "IPSet", "ipv4": "IPv4", "ipv6": "IPv6", "iscsi": "ISCSI", "json": "JSON",
    "kms": "KMS", "lb": "LB", "ml": "ML", "mysql": "MySQL", "nat": "NAT", "nfs": "NFS", "nodejs": "NodeJS",
    "openid": "OpenID", "php": "PHP", "qps": "QPS", "ram": "RAM", "rds": "RDS", "rpc": "RPC", "rtp": "RTP",
    "saml": "SAML", "sip": "SIP", "sla": "SLA", "slo": "SLO", "smb": "SMB", "sms": "SMS", "smtp": "SMTP",
    "sql": "SQL", "ssh": "SSH", "ssl": "SSL", "tcp": "TCP", "tls": "TLS", "ts": "TS", "ttl": "TTL", "udp": "UDP",
    "ui": "UI", "uid": "UID", "uri": "URI", "url": "URL", "utf8": "UTF8", "uuid": "UUID", "vm": "VM", "voip": "VoIP",
    "vpc": "VPC", "vpn": "VPN", "xml": "XML", "xmpp": "XMPP", "xsrf": "XSRF", "xss": "XSS",
}  # fmt: skip


@functools.cache
def _cap_word(word: str) -> str:
    """Capitalise the first letter and every letter that follows a digit (``s3key`` → ``S3Key``)."""
    out: list[str] = []
    cap_next = True
    for ch in word:
        if ch.isalpha():
            out.append(ch.upper() if cap_next else ch)
            cap_next = False
        elif ch.isdigit():
            out.append(ch)
            cap_next = True
        else:
            cap_next = True
    return "".join(out)


@functools.cache
def lower_camel(snake: str) -> str:
    """``cidr_block`` → ``cidrBlock``; ``ipv6_cidr_block`` → ``ipv6CidrBlock``; the first word lower case
    whole, as upjet's JSON tags have it (``m2ts_settings`` → ``m2tsSettings``, ``checksum_crc32c`` →
    ``checksumCrc32C``)."""
    words = [w for w in snake.split("_") if w]
    if not words:
        raise ValueError(f"cannot derive a field name from {snake!r}")
    return _cap_word(words[0]).lower() + "".join(_cap_word(w) for w in words[1:])


def camel(snake: str, acronyms: Mapping[str, str] = ACRONYMS) -> str:
    """``vpc_endpoint`` → ``VPCEndpoint``: kinds and class names, the words of ``acronyms`` as it spells them."""
    words = [w for w in snake.split("_") if w]
    if not words:
        raise ValueError(f"cannot derive a kind from {snake!r}")
    return "".join(acronyms.get(w.lower(), _cap_word(w)) for w in words)


def plural(kind: str) -> str:
    """The lower-case plural of a kind, as Kubernetes resource names are spelled."""
    low = kind.lower()
    if low.endswith("y") and len(low) > 1 and low[-2] not in "aeiou":
        return low[:-1] + "ies"
    if low.endswith(("s", "x", "z", "ch", "sh")):
        return low + "es"
    return low + "s"
