# SPDX-License-Identifier: BSD-3-Clause
# settings.py -- a ReFrame site configuration for skampi_checks.py on the
# local machine: system `local`, partition `default`, the `local`
# scheduler (no batch system) and MPICH's launcher.
#
#   reframe -C pkg/reframe/settings.py -c pkg/reframe/skampi_checks.py -r
#
# Debian's `mpirun` is whichever MPI was installed last (Open MPI's when
# both are), so the partition names MPICH's own launcher, mpiexec.mpich,
# registered below as a ReFrame launcher; `-P launcher=mpirun` runs the
# test with ReFrame's mpirun launcher instead.  A centre's own
# configuration adds its systems (a Slurm partition with the srun
# launcher) and their references in skampi_checks.py.

from reframe.core.backends import register_launcher
from reframe.core.launchers import JobLauncher


@register_launcher('mpiexec.mpich')
class MpichLauncher(JobLauncher):
    '''MPICH's Hydra launcher by its Debian name.'''

    def command(self, job):
        return ['mpiexec.mpich', '-n', str(job.num_tasks)]


site_configuration = {
    'systems': [
        {
            'name': 'local',
            'descr': 'this machine, no batch system',
            'hostnames': ['.*'],
            'partitions': [
                {
                    'name': 'default',
                    'descr': 'the local cores, MPICH',
                    'scheduler': 'local',
                    'launcher': 'mpiexec.mpich',
                    'environs': ['mpich'],
                    'max_jobs': 1,
                },
            ],
        },
    ],
    'environments': [
        {
            'name': 'mpich',
            'cc': 'mpicc.mpich',
        },
    ],
}
