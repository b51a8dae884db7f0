"""account: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_account_alternate_contact": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "alternateContactType": "OPERATIONS",
                "emailAddress": "test@example.com",
                "name": "Example",
                "phoneNumber": "+1234567890",
                "title": "Example",
            }
        ),
    ),
    "aws_account_primary_contact": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "addressLine1": "123 Any Street",
                "city": "Seattle",
                "companyName": "Example Corp, Inc.",
                "countryCode": "US",
                "districtOrCounty": "King",
                "fullName": "My Name",
                "phoneNumber": "+64211111111",
                "postalCode": "98101",
                "stateOrRegion": "WA",
                "websiteUrl": "https://www.example.com",
            }
        ),
    ),
    "aws_account_region": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "enabled": True, "regionName": "ap-southeast-3"}),
    ),
}
