"""The aws provider's words for "no object has this ID", as an import of an external name may end with
them when the importer looks the object up itself (``Provider.import_not_found``):

- an AWS API error whose code says the object named does not exist: ``NoSuch*`` (IAM's NoSuchEntity,
  S3's NoSuchBucket), ``*NotFound``, ``*NotFoundException``, ``*NotFoundFault`` (Cloud Map's
  ServiceNotFound, ResourceNotFoundException, EC2's InvalidVpcID.NotFound, RDS's DBInstanceNotFoundFault),
  only where it stands as the code of the SDK's error: after "https response error StatusCode: N,
  RequestID: R, " (aws-sdk-go-v2, ``api error`` before codes it has no type for) or before
  "status code: N, request id: R" (aws-sdk-go). Nothing else: throttling, refused credentials, a
  malformed ID, a validation error, a timeout are errors, and never read as absence;
- an importer's own words for an object it looked for and did not find (hashicorp/aws's importers, as
  their source writes them): a network interface's security group attachment ("Security Group sg-1 is
  not attached to Network Interface eni-1"), the active SES receipt rule set ("no active Receipt Rule
  Set found", "SES Receipt Rule Set (x) belonging to SES Active Receipt Rule Set not found").
"""

from __future__ import annotations

import re

_IMPORTER_FOUND_NOTHING = re.compile(
    r"\bSecurity Group \S+ is not attached to Network Interface \S+"
    r"|\bno active Receipt Rule Set found\b"
    r"|\bSES Receipt Rule Set \(.*?\) belonging to SES Active Receipt Rule Set not found\b")
_SDK_V2_CODE = re.compile(r"https response error StatusCode: \d{3}, RequestID: [^,]*, (?:api error )?([A-Za-z][\w.]*):")
_SDK_V1_CODE = re.compile(r"(?:^|: )([A-Za-z][\w.]*): [^\n]*?\s+status code: \d{3}, request id: ")
_NO_SUCH_OBJECT = re.compile(r"^NoSuch[A-Z]\w*$|NotFound(?:Exception|Fault)?$")


def import_not_found(words: str) -> bool:
    """Whether one diagnostic of a failed import says, in the aws provider's words, that its ID names no object."""
    if _IMPORTER_FOUND_NOTHING.search(words):
        return True
    codes = [m.group(1) for m in (*_SDK_V2_CODE.finditer(words), *_SDK_V1_CODE.finditer(words))]
    return bool(codes) and all(_NO_SUCH_OBJECT.search(code) for code in codes)
