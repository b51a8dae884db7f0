"""What a delete leaves behind, by each kind's documented destroy, and the delete step's verdict."""

from __future__ import annotations

from collections.abc import Callable

from conformance.result import StepFailed

# Kinds that manage a setting of the account or the region, which always exists: their destroy resets
# it, so the provider's read still finds it afterwards. Each is what the kind's own Terraform
# documentation says its destroy does (hashicorp/terraform-provider-aws, website/docs/r/<name>.html.markdown)
# or, where the page is silent, what its Delete function does (internal/service/<service>/<name>.go); a
# kind neither says it of is left out, and its setting read after the delete fails the step.
RESET_ON_DELETE: dict[str, str] = {
    # The page's note: removing the resource turns default EBS encryption off.
    "aws_ebs_encryption_by_default": "removing it turns default EBS encryption off",
    # The page's note: a destroyed configuration goes back to the region's default one.
    "aws_emr_block_public_access_configuration": "destroying it puts back the region's default configuration",
    # The page: it cannot be deleted and reverts to BASIC scanning with no rules.
    "aws_ecr_registry_scanning_configuration": "destroying it puts back BASIC scanning with no rules",
    # Delete puts empty encryption settings (PutDataCatalogEncryptionSettings).
    "aws_glue_data_catalog_encryption_settings": "destroying it puts empty encryption settings",
    # Delete puts empty admins and default permissions (PutDataLakeSettings).
    "aws_lakeformation_data_lake_settings": "destroying it clears the admins and default permissions",
}


# Kinds whose object a delete leaves where moto, not the runtime, is the reason; each was seen with plain
# terraform 1.11 and hashicorp/aws 5.100.0 against moto (apply, destroy, then a look with boto3).
MOTO_KEEPS: dict[str, str] = {
    # Its destroy succeeds, yet GetLFTag still answers for the key (with no values).
    "aws_lakeformation_lf_tag": "moto answers GetLFTag for a deleted key, with no values",
    # After DeleteModelInvocationLoggingConfiguration, moto's Get... answers {"loggingConfig": {}} (boto3
    # against moto 5.2.1); Bedrock answers with none, and the provider reads any configuration as the object.
    "aws_bedrock_model_invocation_logging_configuration":
        "moto returns an empty logging configuration after DeleteModelInvocationLoggingConfiguration",
}
# Kinds whose provider deletes nothing: plain terraform's destroy succeeds and the object stays. Seen
# against moto as above (the object stays listed), or read in the kind's Delete function, which calls
# nothing (internal/service/<service>/<name>.go).
FORGOTTEN_ON_DELETE: dict[str, str] = {
    "aws_mq_configuration": "Amazon MQ configurations are not deleted by the provider's destroy",
    # Delete is schema.NoopContext.
    "aws_iot_indexing_configuration": "the provider's destroy leaves the indexing configuration as it is",
    # Delete returns at once: DKIM signing stays on the domain identity.
    "aws_ses_domain_dkim": "the provider's destroy leaves DKIM signing on the domain",
    # Its Delete is framework.WithNoOpDelete.
    "aws_quicksight_account_settings": "the provider's destroy leaves the account's QuickSight settings as they are",
}


def after_delete(tf_type: str, external: str, still_reads: Callable[[], bool]) -> str:
    """The delete step's words once every object of the example is deleted: ok when the provider's
    read finds the kind's object no more, or when finding it is what the kind's delete does."""
    if tf_type.startswith("aws_default_"):
        # Deleting a default resource only forgets it: the provider leaves it in the cloud.
        return "ok: forgotten, left in the cloud as the provider documents"
    if not still_reads():
        return "ok"
    if tf_type in RESET_ON_DELETE:
        return f"ok: still read, reset as its documentation says ({RESET_ON_DELETE[tf_type]})"
    if tf_type in FORGOTTEN_ON_DELETE:
        return f"ok: forgotten, left in the cloud as the provider's destroy does ({FORGOTTEN_ON_DELETE[tf_type]})"
    if tf_type in MOTO_KEEPS:
        raise StepFailed(f"moto answered a read of {external!r} after the delete ({MOTO_KEEPS[tf_type]})")
    raise StepFailed(f"the provider still reads {external!r} after the delete")

