"""Pure name conversions: Terraform snake_case to Kubernetes field and kind names.

Field names follow upjet's JSON tags: each word is capitalised on its own (``ipv6_cidr_block`` →
``ipv6CidrBlock``), so acronyms never change a field name. Kinds use the acronym table
(``aws_vpc_endpoint`` → ``VPCEndpoint``), as upjet's kinds do.
"""

import functools

ACRONYMS: dict[str, str] = {
    "acl": "ACL", "ami": "AMI", "api": "API", "arn": "ARN", "cidr": "CIDR", "cpu": "CPU",
    "db": "DB", "dns": "DNS", "ebs": "EBS", "ec2": "EC2", "ecr": "ECR", "ecs": "ECS", "eip": "EIP",
    "eks": "EKS", "http": "HTTP", "https": "HTTPS", "iam": "IAM", "id": "ID", "ip": "IP",
    "ipv4": "IPv4", "ipv6": "IPv6", "json": "JSON", "kms": "KMS", "mfa": "MFA", "nat": "NAT",
    "oidc": "OIDC", "s3": "S3", "saml": "SAML", "sns": "SNS", "sql": "SQL", "sqs": "SQS",
    "ssl": "SSL", "ssm": "SSM", "sso": "SSO", "tls": "TLS", "ttl": "TTL", "uri": "URI",
    "url": "URL", "vpc": "VPC", "vpn": "VPN", "xml": "XML",
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
    """``cidr_block`` → ``cidrBlock``; ``ipv6_cidr_block`` → ``ipv6CidrBlock``."""
    words = [w for w in snake.split("_") if w]
    if not words:
        raise ValueError(f"cannot derive a field name from {snake!r}")
    head = _cap_word(words[0])
    return head[:1].lower() + head[1:] + "".join(_cap_word(w) for w in words[1:])


@functools.cache
def camel(snake: str) -> str:
    """``vpc_endpoint`` → ``VPCEndpoint``: kinds and class names, acronyms upper-cased."""
    words = [w for w in snake.split("_") if w]
    if not words:
        raise ValueError(f"cannot derive a kind from {snake!r}")
    return "".join(ACRONYMS.get(w.lower(), _cap_word(w)) for w in words)


def plural(kind: str) -> str:
    """The lower-case plural of a kind, as Kubernetes resource names are spelled."""
    low = kind.lower()
    if low.endswith("y") and len(low) > 1 and low[-2] not in "aeiou":
        return low[:-1] + "ies"
    if low.endswith(("s", "x", "z", "ch", "sh")):
        return low + "es"
    return low + "s"
