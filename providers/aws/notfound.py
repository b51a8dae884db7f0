"""The aws provider's words for "the cloud has no object by that ID", as a failed import may end with
them when the importer looks the object up itself (hashicorp/aws 5.100, measured against moto; the
importers' own words as their source writes them).

- An AWS API error whose code says the object named does not exist: ``NoSuch*`` (IAM's NoSuchEntity,
  S3's NoSuchBucket), ``*NotFound``, ``*NotFoundException``, ``*NotFoundFault`` (Cloud Map's
  ServiceNotFound, ResourceNotFoundException, EC2's InvalidVpcID.NotFound, RDS's DBInstanceNotFoundFault),
  only where it stands as the code of the SDK's error: after "https response error StatusCode: N,
  RequestID: R, " (aws-sdk-go-v2, ``api error`` before codes it has no type for) or before
  "status code: N, request id: R" (aws-sdk-go). Throttling, refused credentials, a malformed ID, a
  validation error and a timeout have other codes, and stay errors.
- An importer's own words for an object it looked for and did not find: a network interface's security
  group attachment ("Security Group sg-1 is not attached to Network Interface eni-1"), the active SES
  receipt rule set ("no active Receipt Rule Set found", "SES Receipt Rule Set (x) belonging to SES Active
  Receipt Rule Set not found").
"""

from tfconfig import NotFound

NOT_FOUND = NotFound(
    phrases=(
        r"\bSecurity Group \S+ is not attached to Network Interface \S+",
        r"\bno active Receipt Rule Set found\b",
        r"\bSES Receipt Rule Set \(.*?\) belonging to SES Active Receipt Rule Set not found\b",
    ),
    error_codes=(
        r"https response error StatusCode: \d{3}, RequestID: [^,]*, (?:api error )?([A-Za-z][\w.]*):",
        r"(?:^|: )([A-Za-z][\w.]*): [^\n]*?\s+status code: \d{3}, request id: ",
    ),
    absent_codes=r"^NoSuch[A-Z]\w*$|NotFound(?:Exception|Fault)?$",
)
