"""What the tests share, kept out of the test modules so that no test imports another: waiting
with a deadline, the cloud (moto), a cluster, managed objects seen through the in-process store
(:mod:`bench`) or a running manager (:mod:`running`), and the executors against the aws provider."""
