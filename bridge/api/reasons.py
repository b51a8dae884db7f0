"""The reasons a managed resource's conditions and events carry: crossplane-runtime's words (and
upjet's for the async conditions), so that what reads them (``kubectl describe``, ``crossplane beta
trace``, alerts on event reasons) finds what it knows. One name per reason: the reconciler, the
executors that report a replacement's steps and the tests all use these.
"""

from __future__ import annotations

from typing import Final

# -- condition reasons ------------------------------------------------------------------------------
# Ready
AVAILABLE: Final = "Available"
UNAVAILABLE: Final = "Unavailable"
CREATING: Final = "Creating"
DELETING: Final = "Deleting"
# Synced
RECONCILE_SUCCESS: Final = "ReconcileSuccess"
RECONCILE_ERROR: Final = "ReconcileError"
RECONCILE_PAUSED: Final = "ReconcilePaused"
# Importable (tfbridge's own): did the import ID checked after create import the object?
IMPORT_CHECK_PASSED: Final = "ImportCheckPassed"
IMPORT_CHECK_FAILED: Final = "ImportCheckFailed"
IMPORT_CHECK_UNCHECKED: Final = "ImportCheckUnchecked"
# AsyncOperation and LastAsyncOperation, as upjet's resource conditions
ASYNC_ONGOING: Final = "Ongoing"
ASYNC_FINISHED: Final = "Finished"
ASYNC_SUCCESS: Final = "Success"
ASYNC_CREATE_FAILURE: Final = "AsyncCreateFailure"
ASYNC_UPDATE_FAILURE: Final = "AsyncUpdateFailure"
ASYNC_DELETE_FAILURE: Final = "AsyncDeleteFailure"

# -- event reasons -------------------------------------------------------------------------------------
# A step of a reconcile failed (crossplane-runtime's managed reconciler's reasons).
CANNOT_CONNECT: Final = "CannotConnectToProvider"
CANNOT_OBSERVE: Final = "CannotObserveExternalResource"
CANNOT_CREATE: Final = "CannotCreateExternalResource"
CANNOT_UPDATE: Final = "CannotUpdateExternalResource"
CANNOT_DELETE: Final = "CannotDeleteExternalResource"
CANNOT_UPDATE_MANAGED: Final = "CannotUpdateManagedResource"
CANNOT_INITIALIZE: Final = "CannotInitializeManagedResource"
CANNOT_RESOLVE_REFERENCES: Final = "CannotResolveResourceReferences"
CANNOT_PUBLISH: Final = "CannotPublishConnectionDetails"
CANNOT_USE_INVALID_POLICY: Final = "CannotUseInvalidManagementPolicy"
# An error no step named: tfbridge's own.
CANNOT_RECONCILE: Final = "CannotReconcile"
# What went right.
CREATED: Final = "CreatedExternalResource"
UPDATED: Final = "UpdatedExternalResource"
DELETED: Final = "DeletedExternalResource"
PENDING: Final = "PendingExternalResource"
PAUSED: Final = "ReconciliationPaused"
REQUEST_HANDLED: Final = "ReconcileRequestHandled"
# tfbridge's own: a lost create found again, a workspace built again by importing its object, and the
# steps of a replacement.
RECOVERED: Final = "RecoveredExternalResource"
REBUILT_WORKSPACE: Final = "RebuiltWorkspace"
CREATED_REPLACEMENT: Final = "CreatedReplacementExternalResource"
DELETED_REPLACED: Final = "DeletedReplacedExternalResource"
REPLACED: Final = "ReplacedExternalResource"

# The event reason of each operation's failure, and of its success.
FAILED_OPERATION: Final = {"create": CANNOT_CREATE, "update": CANNOT_UPDATE, "delete": CANNOT_DELETE}
SUCCEEDED_OPERATION: Final = {"create": CREATED, "update": UPDATED, "delete": DELETED}
