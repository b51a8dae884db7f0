"""The controller runtime: cluster access, informer cache, work queue, controllers, leader election."""
