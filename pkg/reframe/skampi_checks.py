# SPDX-License-Identifier: BSD-3-Clause
# skampi_checks.py -- ReFrame tests of an installed skampi: one run of a
# shipped suite, judged by skampi's own YAML result.
#
#   reframe -C pkg/reframe/settings.py -c pkg/reframe/skampi_checks.py -r
#
# The test is parameterised by suite (a shipped suite's name, or a
# .skampi file), process count and launcher (`partition`: the partition's
# own; or any launcher name ReFrame knows: mpirun, mpiexec, srun, and the
# site's, such as settings.py's mpiexec.mpich); reframe's -P option sets
# other values (-P suite=default,pingpong -P num_procs=2,4).  Everything it
# judges is read from the result file skampi writes (doc/output-format.md),
# never from the text it prints:
#   sanity      the file is whole (its end marker), the run's status is one
#               of `status_allowed`, no suite failed or crashed, the run's
#               noise verdict is one of `noise_allowed`, and at most
#               `eps_missed_max` of the measured points missed their
#               standard error (eps_met false);
#   performance per suite file, the figures of PERF (a curated few, with
#               references, checked when the run's verdict is quiet); for a
#               suite file not in PERF, every suite's smallest mean.
# skampi itself comes from PATH (a module, a Spack view) or from
# `skampi_prefix` (-S skampi_prefix=/opt/skampi).

import math
import os

import yaml  # PyYAML: ReFrame itself needs it

import reframe as rfm
import reframe.utility.sanity as sn
import reframe.utility.typecheck as typ
from reframe.core.backends import getlauncher
from reframe.core.logging import getlogger
from reframe.core.builtins import (parameter, run_after, run_before,
                                   sanity_function, variable)

try:
    _Loader = yaml.CSafeLoader
except AttributeError:  # PyYAML without libyaml: slower, same result
    _Loader = yaml.SafeLoader

# name: (suite in the result, figure, unit).  Figures: `min_time`, the
# smallest mean of the suite's points (s -> us; a ping-pong's is a round
# trip, not halved); `max_bw`, a ping-pong's largest 2 * length / mean
# (two messages of `length` bytes per round trip; MB/s = 1e6 B/s).  Of a
# suite over message lengths, the points of 1 byte or more count.
PERF = {
    'default': {
        'pingpong_rtt_min': ('Pingpong_Send_Recv', 'min_time', 'us'),
        'pingpong_bw_max': ('Pingpong_Send_Recv', 'max_bw', 'MB/s'),
        'bcast_min': ('MPI_Bcast', 'min_time', 'us'),
        'allreduce_min': ('MPI_Allreduce', 'min_time', 'us'),
        'alltoall_min': ('MPI_Alltoall', 'min_time', 'us'),
        'barrier': ('MPI_Barrier', 'min_time', 'us'),
    },
}


def _measured(points):
    '''The points that have a value (a point without one has mean .nan).'''
    return [p for p in points
            if isinstance(p.get('mean'), float) and not math.isnan(p['mean'])
            and p['mean'] > 0]


def figure(result, suite, kind):
    '''The figure KIND of suite SUITE of the loaded RESULT, in the unit of
    PERF; raises ValueError naming what is missing.'''
    for s in result.get('suites') or []:
        if s.get('name') != suite:
            continue
        pts = _measured(s.get('points') or [])
        if s.get('argument_name') == 'length':
            # an empty message may skip the operation (a collective of 0
            # bytes returns at once): lengths of a byte or more
            pts = [p for p in pts if p.get('argument', 0) >= 1]
        if not pts:
            raise ValueError(f'suite {suite} has no measured point '
                             f'(status {s.get("status")}: {s.get("message")})')
        if kind == 'min_time':
            return min(p['mean'] for p in pts) * 1e6
        if kind == 'max_bw':
            return max(2.0 * p['argument'] / p['mean'] for p in pts) / 1e6
        raise ValueError(f'unknown figure {kind}')
    raise ValueError(f'the result has no suite {suite}')


@rfm.simple_test
class skampi_run(rfm.RunOnlyRegressionTest):
    '''A run of a skampi suite, judged by its YAML result.'''

    suite = parameter(['default'], type=str)
    num_procs = parameter([2], type=int)
    launcher = parameter(['partition'], type=str)

    #: PREFIX of an installed skampi (PREFIX/bin/skampi); '' takes skampi
    #: from PATH (a module, a Spack view)
    skampi_prefix = variable(str, value='')
    #: the run statuses that pass: `complete`; `incomplete` where a time
    #: limit may cut suites short (a busy machine)
    status_allowed = variable(typ.List[str], value=['complete'])
    #: the noise verdicts that pass (quiet, noisy, oversubscribed)
    noise_allowed = variable(typ.List[str], value=['quiet'])
    #: the share of measured points that may miss their standard error
    eps_missed_max = variable(float, value=0.0)
    #: the references are checked on a quiet run only: a run whose noise
    #: verdict `noise_allowed` let through reports its figures unchecked
    #: (its times are the scheduler's, not the machine's)
    reference_needs_quiet = variable(bool, value=True)

    valid_systems = ['*']
    valid_prog_environs = ['*']
    result_file = 'skampi.yaml'
    tags = {'skampi', 'mpi', 'benchmark'}
    maintainers = ['skampi']

    # Generous bands for `local`, a shared two-core machine (a CI runner,
    # a laptop): they catch a broken build or a wrong transport (a 0-byte
    # round trip of milliseconds, a bandwidth of a few MB/s), not a
    # regression.  (value, lower, upper, unit); lower and upper are
    # fractions of value, None for no bound.  A centre adds its systems.
    reference = {
        'local': {
            'pingpong_rtt_min': (1.0, None, 999.0, 'us'),
            'pingpong_bw_max': (1000.0, -0.999, None, 'MB/s'),
            'bcast_min': (1.0, None, 999.0, 'us'),
            'allreduce_min': (1.0, None, 999.0, 'us'),
            'alltoall_min': (1.0, None, 999.0, 'us'),
            'barrier': (1.0, None, 999.0, 'us'),
        },
    }

    @run_after('init')
    def set_description(self):
        self.descr = (f'skampi {self.suite} on {self.num_procs} processes '
                      f'(launcher: {self.launcher})')

    @run_before('run')
    def set_job(self):
        self.num_tasks = self.num_procs
        self.num_tasks_per_node = self.num_procs
        if self.launcher != 'partition':
            self.job.launcher = getlauncher(self.launcher)()
        self.executable = (os.path.join(self.skampi_prefix, 'bin', 'skampi')
                           if self.skampi_prefix else 'skampi')
        self.executable_opts = [self.suite, '-o', self.result_file]

    def _result(self):
        '''The result file, loaded once.'''
        if not hasattr(self, '_loaded'):
            path = os.path.join(self.stagedir, self.result_file)
            with open(path, encoding='utf-8') as f:
                text = f.read()
            self._whole = text.rstrip('\n').endswith('\n...')
            self._loaded = yaml.load(text, Loader=_Loader) or {}
        return self._loaded

    @sanity_function
    def validate(self):
        if not os.path.isfile(os.path.join(self.stagedir, self.result_file)):
            return sn.assert_true(False, msg=f'skampi wrote no {self.result_file}')
        r = self._result()
        run = r.get('run') or {}
        noise = r.get('noise') or {}
        suites = r.get('suites') or []
        broken = [f'{s.get("name")} ({s.get("status")}: {s.get("message")})'
                  for s in suites if s.get('status') in ('failed', 'crashed')]
        points = [p for s in suites for p in (s.get('points') or [])]
        missed = sum(1 for p in points if p.get('eps_met') is not True)
        share = missed / len(points) if points else 1.0
        verdict = noise.get('verdict', 'not judged')
        evidence = '; '.join(noise.get('evidence') or [])
        checks = [
            sn.assert_true(self._whole, msg=f'{self.result_file} has no end '
                           'marker (...): the run was cut short'),
            sn.assert_in(run.get('status'), self.status_allowed,
                         msg=f'run status {run.get("status")} is not one of '
                         f'{self.status_allowed} ({run.get("stop", "")})'),
            sn.assert_eq(len(broken), 0,
                         msg='suites failed or crashed: ' + ', '.join(broken)),
            sn.assert_in(verdict, self.noise_allowed,
                         msg=f'noise verdict {verdict} is not one of '
                         f'{self.noise_allowed}: {evidence}'),
            sn.assert_gt(len(points), 0, msg='no point was measured'),
            sn.assert_le(share, self.eps_missed_max,
                         msg=f'{missed} of {len(points)} points missed their '
                         f'standard error (eps): more than {self.eps_missed_max:.0%}'),
        ]
        # the suites the performance figures read have a measured point,
        # unless a time limit cut the suite short and the run may be
        # incomplete (the figure is then left out, with a warning)
        for name, (suite, kind, _) in PERF.get(self.suite, {}).items():
            try:
                figure(r, suite, kind)
                ok, why = True, ''
            except ValueError as e:
                ok, why = False, str(e)
                cut = any(s.get('name') == suite and s.get('status') == 'incomplete'
                          for s in suites)
                if cut and 'incomplete' in self.status_allowed:
                    ok = True
            checks.append(sn.assert_true(ok, msg=f'{name}: {why}'))
        return sn.all(checks)

    @run_before('performance')
    def set_perf_variables(self):
        r = self._result()
        verdict = (r.get('noise') or {}).get('verdict', 'not judged')
        if self.reference_needs_quiet and verdict != 'quiet':
            getlogger().warning(f'{self.display_name}: noise verdict {verdict}: '
                                'the figures are not checked against the references')
            self.reference = {}
        table = PERF.get(self.suite)
        if table is None:  # a suite file without a curated table
            table = {f'{s["name"]}_min': (s['name'], 'min_time', 'us')
                     for s in r.get('suites') or []
                     if s.get('name') and _measured(s.get('points') or [])}
        self.perf_variables = {}
        for name, (suite, kind, unit) in table.items():
            try:
                value = figure(r, suite, kind)
            except ValueError as e:  # a suite cut short (sanity allowed it)
                getlogger().warning(f'{self.display_name}: {name} left out: {e}')
                continue
            self.perf_variables[name] = sn.make_performance_function(
                sn.defer(value), unit)
