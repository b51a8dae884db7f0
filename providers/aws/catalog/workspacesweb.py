"""workspacesweb: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource, attribute_as_identifier

RESOURCES: dict[str, Resource] = {
    "aws_workspacesweb_browser_settings": Resource(
        external_name=attribute_as_identifier("browser_settings_arn").sourced(
            "probe", "the importer takes the value of browser_settings_arn"
        ),
    ),
    "aws_workspacesweb_data_protection_settings": Resource(
        external_name=attribute_as_identifier("data_protection_settings_arn").sourced(
            "probe", "the importer takes the value of data_protection_settings_arn"
        ),
    ),
    "aws_workspacesweb_ip_access_settings": Resource(
        external_name=attribute_as_identifier("ip_access_settings_arn").sourced(
            "probe", "the importer takes the value of ip_access_settings_arn"
        ),
    ),
    "aws_workspacesweb_network_settings": Resource(
        external_name=attribute_as_identifier("network_settings_arn").sourced(
            "probe", "the importer takes the value of network_settings_arn"
        ),
    ),
    "aws_workspacesweb_user_access_logging_settings": Resource(
        external_name=attribute_as_identifier("user_access_logging_settings_arn").sourced(
            "probe", "the importer takes the value of user_access_logging_settings_arn"
        ),
    ),
    "aws_workspacesweb_user_settings": Resource(
        external_name=attribute_as_identifier("user_settings_arn").sourced(
            "probe", "the importer takes the value of user_settings_arn"
        ),
        # What a user of a web portal may do with the clipboard, files and printers.
        example=Example(
            {
                "region": "us-east-1",
                "copyAllowed": "Enabled",
                "downloadAllowed": "Enabled",
                "pasteAllowed": "Enabled",
                "printAllowed": "Disabled",
                "uploadAllowed": "Enabled",
            }
        ),
    ),
}
