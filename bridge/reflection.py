"""A provider's protocol descriptors, read from the provider's own gRPC reflection service.

Both executors speak to provider processes whose protocol (tfplugin5 or tfplugin6, at whatever minor
version the provider was built with) is learnt at run time: no ``.proto`` file lives in this tree, and a
provider built against a newer minor version brings its own fields and methods.
"""

from __future__ import annotations

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc


class ReflectionError(RuntimeError):
    pass


def load(channel: grpc.Channel, symbol: str, timeout: float) -> descriptor_pool.DescriptorPool:
    """A pool holding the file that declares ``symbol`` (a service's full name) and its dependencies."""
    stub = reflection_pb2_grpc.ServerReflectionStub(channel)
    request = reflection_pb2.ServerReflectionRequest(file_containing_symbol=symbol)
    try:
        (answer,) = list(stub.ServerReflectionInfo(iter([request]), timeout=timeout))
    except grpc.RpcError as exc:
        raise ReflectionError(f"the provider does not answer gRPC reflection for {symbol}: {exc}") from exc
    if answer.HasField("error_response"):
        raise ReflectionError(f"reflection of {symbol}: {answer.error_response.error_message}")
    files = [descriptor_pb2.FileDescriptorProto.FromString(b)
             for b in answer.file_descriptor_response.file_descriptor_proto]
    pool = descriptor_pool.DescriptorPool()
    added: set[str] = set()
    while len(added) < len(files):  # dependencies first
        progress = False
        for f in files:
            if f.name not in added and all(d in added for d in f.dependency):
                pool.Add(f)
                added.add(f.name)
                progress = True
        if not progress:
            missing = sorted({d for f in files for d in f.dependency} - {f.name for f in files})
            raise ReflectionError(f"reflection of {symbol} lacks {missing}")
    return pool
