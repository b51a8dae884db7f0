"""``tfbridge conformance``: each kind's example proven against moto through the real runtime.

Per kind, in its own names (a run prefix on every object, so kinds run side by side):

1. create: the kind's example and the examples it references are applied and become Ready; the
   import check made at create must have imported the object;
2. reimport: the kind's workspace is deleted (its state lost), the next observe imports the object
   by the ID the kind's GetIDFn builds: the external name is unchanged and moto holds no second object;
3. update: one argument the provider's plan updates in place (``tags``, else a free-text argument,
   else an optional boolean: :func:`conformance.update.changes`) changes and the change reaches the state; a kind with
   none passes with this step skipped, saying why, and the report's totals count those apart;
4. delete: every object of the example is deleted, and moto no longer holds the kind's object.

moto runs in this process, so that duplicates are counted in its own record of every object it made
(each model's tracked instances, deleted ones too; what ``/moto-api/data.json`` serves, read here
without its serialisation, which fails on some models): the distinct objects (by ARN, ID or name)
that mention the kind's object name or external name, before and after the state was lost, in the
models that held the kind's object before. A second object would carry the same name, or the
``crossplane-name`` tag, under an ID of its own, in the same model.
Gone is the provider's own read: after the delete, a fresh workspace imports the kind's import ID
and must find nothing.

The results are merged into the report (``providers/<name>/conformance.yaml``, and a page,
``conformance.md``, generated from it), so a run over some kinds (``--kinds``, ``--sample N --seed S``)
adds to the report of earlier runs instead of replacing it.

The modules, by job (each imports only those above it):

* :mod:`conformance.command`     the command: choosing kinds, the report as kinds end, the exit code;
* :mod:`conformance.jobs`        the kinds dealt to job processes, results heard as they come;
* :mod:`conformance.job`         one job process: its rig (:mod:`devrig.rig`) and its kinds side by side;
* :mod:`conformance.crashes`     a provider crash under a job: whose kind crashed it, whose to run again;
* :mod:`conformance.harness`     one kind's four steps against the cluster, the provider and moto;
* :mod:`conformance.update`, :mod:`conformance.deletion`  what the update step changes, what a delete leaves;
* :mod:`conformance.examples`    the examples a kind needs, named for one run;
* :mod:`conformance.counting`    objects in moto's own record, to find a second one;
* :mod:`conformance.environment` what the run needs of the machine, checked once before it starts;
* :mod:`conformance.report`      the committed report and its page;
* :mod:`conformance.result`, :mod:`conformance.classes`  a kind's result, and the class of a failure.
"""
