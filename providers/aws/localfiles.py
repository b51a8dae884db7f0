"""Which AWS arguments that look like file paths are not: the reviewed exceptions to the local-file rule.

Every string argument named ``source``, ``filename``, ``file``, ``*_file(s)``, ``*_filename`` or ``*_path``
is left out of the CRDs unless it is listed here with why (``tfconfig.localfiles``). Reviewed against the
argument reference of each resource in the Terraform AWS provider's documentation (5.100). The ones
that do read a file on the provider's machine are NOT here, so they stay out:
``provider.shared_config_files``, ``provider.shared_credentials_files``,
``provider.assume_role_with_web_identity.web_identity_token_file``, ``aws_connect_contact_flow.filename``,
``aws_connect_contact_flow_module.filename``, ``aws_dataexchange_revision_assets...filename``,
``aws_gamelift_script.zip_file``, ``aws_lambda_function.filename``, ``aws_lambda_layer_version.filename``,
``aws_rds_custom_db_engine_version.filename``, ``aws_s3_bucket_object.source``, ``aws_s3_object.source``,
``aws_synthetics_canary.zip_file``; and ``provider.custom_ca_bundle``, whose name does not say so.
"""

from tfconfig import LocalFiles

_URL_PATH = "a path in a URL or an API, not on a disk"
_JSON_PATH = "a JSONPath into a document"
_S3 = "a location in S3"
_REMOTE_DISK = "a path on a machine or in a container in the cloud, not the provider's"
_EVENT_SOURCE = "the name or ARN of an event or data source"
_ADDRESS = "an IP address, CIDR block or resource ID"

EXCEPTIONS: dict[str, str] = {
    "aws_amplify_app.custom_rule.source": "a URL pattern that a rewrite or redirect rule matches",
    "aws_api_gateway_base_path_mapping.base_path": _URL_PATH,
    "aws_api_gateway_method_settings.method_path": _URL_PATH,
    "aws_appflow_connector_profile.*.application_service_path": _URL_PATH,
    "aws_appflow_flow.*.sapo_data.object_path": _URL_PATH,
    "aws_appintegrations_event_integration.event_filter.source": _EVENT_SOURCE,
    "aws_batch_job_definition.*.volume_mounts.mount_path": _REMOTE_DISK,
    "aws_ce_cost_category.split_charge_rule.source": "a cost category value",
    "aws_cloudfront_distribution.custom_error_response.response_page_path": _URL_PATH,
    "aws_cloudfront_distribution.origin.origin_path": _URL_PATH,
    "aws_cloudwatch_event_target.input_path": _JSON_PATH,
    "aws_cloudwatch_event_target.kinesis_target.partition_key_path": _JSON_PATH,
    "aws_codepipeline_webhook.filter.json_path": _JSON_PATH,
    "aws_cognito_user_pool_ui_customization.image_file": "the image itself, base64-encoded",
    "aws_computeoptimizer_recommendation_preferences.external_metrics_preference.source": _EVENT_SOURCE,
    "aws_datasync_task.options.preserve_deleted_files": "whether to keep deleted files (PRESERVE or REMOVE)",
    "aws_dms_endpoint.s3_settings.cdc_path": _S3,
    "aws_dms_s3_endpoint.cdc_path": _S3,
    "aws_ec2_network_insights_path.source": _ADDRESS,
    "aws_ecs_task_definition.volume.host_path": _REMOTE_DISK,
    "aws_fis_experiment_template.stop_condition.source": _EVENT_SOURCE,
    "aws_fsx_data_repository_association.data_repository_path": _S3,
    "aws_fsx_data_repository_association.file_system_path": _REMOTE_DISK,
    "aws_fsx_file_cache.data_repository_association.data_repository_path": _S3,
    "aws_fsx_file_cache.data_repository_association.file_cache_path": _REMOTE_DISK,
    "aws_fsx_lustre_file_system.export_path": _S3,
    "aws_fsx_lustre_file_system.import_path": _S3,
    "aws_fsx_ontap_volume.junction_path": _REMOTE_DISK,
    "aws_gamelift_fleet.runtime_configuration.server_process.launch_path": _REMOTE_DISK,
    "aws_globalaccelerator_endpoint_group.health_check_path": _URL_PATH,
    "aws_glue_classifier.json_classifier.json_path": _JSON_PATH,
    "aws_glue_dev_endpoint.extra_*_s3_path": _S3,
    "aws_kendra_data_source.*.access_control_list_configuration.key_path": _S3,
    "aws_kinesis_analytics_application.*.record_row_path": _JSON_PATH,
    "aws_kinesisanalyticsv2_application.*.record_row_path": _JSON_PATH,
    "aws_kms_custom_key_store.xks_proxy_uri_path": _URL_PATH,
    "aws_lambda_function.file_system_config.local_mount_path": _REMOTE_DISK,
    "aws_lightsail_disk_attachment.disk_path": _REMOTE_DISK,
    "aws_lightsail_lb.health_check_path": _URL_PATH,
    "aws_medialive_channel.encoder_settings.timecode_config.source": "where the timecode comes from (an enum)",
    "aws_mwaa_environment.*_s3_path": _S3,
    "aws_networkfirewall_rule_group.*.header.source": _ADDRESS,
    "aws_notifications_event_rule.source": _EVENT_SOURCE,
    "aws_opsworks_*_layer.cloudwatch_configuration.log_streams.file": _REMOTE_DISK,
    "aws_pipes_pipe.source": _EVENT_SOURCE,
    "aws_pipes_pipe.target_parameters.eventbridge_event_bus_parameters.source": _EVENT_SOURCE,
    "aws_quicksight_data_source.parameters.databricks.sql_endpoint_path": _URL_PATH,
    "aws_route53_health_check.resource_path": _URL_PATH,
    "aws_s3_object_copy.source": "the bucket and key of the object to copy, in S3",
    "aws_sagemaker_*.*.mount_path": _REMOTE_DISK,
    "aws_sagemaker_*.*.local_path": _REMOTE_DISK,
    "aws_sagemaker_*.*.file_system_path": _REMOTE_DISK,
    "aws_sagemaker_*.*s3_*_path": _S3,
    "aws_scheduler_schedule.target.eventbridge_parameters.source": _EVENT_SOURCE,
    "aws_service_discovery_service.health_check_config.resource_path": _URL_PATH,
    "aws_ssoadmin_instance_access_control_attributes.attribute.value.source": "attribute paths in the identity source",
    "aws_ssoadmin_trusted_token_issuer.*_attribute_path": "an attribute name of a token or of the identity store",
    "aws_storagegateway_upload_buffer.disk_path": _REMOTE_DISK,
    "aws_vpc_network_performance_metric_subscription.source": "an AWS Region",
    "aws_wafv2_web_acl.*.login_path": _URL_PATH,
    "aws_wafv2_web_acl.*.creation_path": _URL_PATH,
    "aws_wafv2_web_acl.*.registration_page_path": _URL_PATH,
    "aws_workspaces_ip_group.rules.source": _ADDRESS,
    "aws_xray_sampling_rule.url_path": _URL_PATH,
}

LOCAL_FILES = LocalFiles(exceptions=EXCEPTIONS, also=("provider.custom_ca_bundle",))
