/* confdefs.h */
#define PACKAGE_NAME "skampi"
#define PACKAGE_TARNAME "skampi"
#define PACKAGE_VERSION "0.1.0"
#define PACKAGE_STRING "skampi 0.1.0"
#define PACKAGE_BUGREPORT ""
#define PACKAGE_URL ""
#define PACKAGE "skampi"
#define VERSION "0.1.0"
#define HAVE_STDIO_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRING_H 1
#define HAVE_INTTYPES_H 1
#define HAVE_STDINT_H 1
#define HAVE_STRINGS_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_UNISTD_H 1
#define HAVE_WCHAR_H 1
#define STDC_HEADERS 1
#define _ALL_SOURCE 1
#define _DARWIN_C_SOURCE 1
#define _GNU_SOURCE 1
#define _HPUX_ALT_XOPEN_SOCKET_API 1
#define _NETBSD_SOURCE 1
#define _OPENBSD_SOURCE 1
#define _POSIX_PTHREAD_SEMANTICS 1
#define __STDC_WANT_IEC_60559_ATTRIBS_EXT__ 1
#define __STDC_WANT_IEC_60559_BFP_EXT__ 1
#define __STDC_WANT_IEC_60559_DFP_EXT__ 1
#define __STDC_WANT_IEC_60559_FUNCS_EXT__ 1
#define __STDC_WANT_IEC_60559_TYPES_EXT__ 1
#define __STDC_WANT_LIB_EXT2__ 1
#define __STDC_WANT_MATH_SPEC_FUNCS__ 1
#define _TANDEM_SOURCE 1
#define __EXTENSIONS__ 1
#define SK_DYGRAPHS_DIR "/usr/share/javascript/dygraphs"
#define HAVE_SYS_RANDOM_H 1
#define HAVE_GETRANDOM 1
#define HAVE_MPI_BARRIER_INIT 1
#define HAVE_MPI_BCAST_INIT 1
#define HAVE_MPI_REDUCE_INIT 1
#define HAVE_MPI_ALLREDUCE_INIT 1
#define HAVE_MPI_ALLTOALL_INIT 1
#define HAVE_MPI_ALLTOALLV_INIT 1
#define HAVE_MPI_ALLTOALLW_INIT 1
#define HAVE_MPI_ALLGATHER_INIT 1
#define HAVE_MPI_ALLGATHERV_INIT 1
#define HAVE_MPI_GATHER_INIT 1
#define HAVE_MPI_GATHERV_INIT 1
#define HAVE_MPI_SCATTER_INIT 1
#define HAVE_MPI_SCATTERV_INIT 1
#define HAVE_MPI_REDUCE_SCATTER_INIT 1
#define HAVE_MPI_REDUCE_SCATTER_BLOCK_INIT 1
#define HAVE_MPI_SCAN_INIT 1
#define HAVE_MPI_EXSCAN_INIT 1
#define HAVE_MPI_SEND_C 1
#define HAVE_MPI_RECV_C 1
#define HAVE_MPI_BCAST_C 1
#define HAVE_MPI_REDUCE_C 1
#define HAVE_MPI_ALLREDUCE_C 1
#define HAVE_MPI_NEIGHBOR_ALLGATHER 1
#define HAVE_MPI_NEIGHBOR_ALLGATHERV 1
#define HAVE_MPI_NEIGHBOR_ALLTOALL 1
#define HAVE_MPI_NEIGHBOR_ALLTOALLV 1
#define HAVE_MPI_NEIGHBOR_ALLTOALLW 1
#define HAVE_MPI_INEIGHBOR_ALLGATHER 1
#define HAVE_MPI_INEIGHBOR_ALLGATHERV 1
#define HAVE_MPI_INEIGHBOR_ALLTOALL 1
/* end confdefs.h.  */
/* Define MPI_Ineighbor_alltoallv to an innocuous variant, in case <limits.h> declares MPI_Ineighbor_alltoallv.
   For example, HP-UX 11i <limits.h> declares gettimeofday.  */
#define MPI_Ineighbor_alltoallv innocuous_MPI_Ineighbor_alltoallv

/* System header to define __stub macros and hopefully few prototypes,
   which can conflict with char MPI_Ineighbor_alltoallv (); below.  */

#include <limits.h>
#undef MPI_Ineighbor_alltoallv

/* Override any GCC internal prototype to avoid an error.
   Use char because int might match the return type of a GCC
   builtin and then its argument prototype would still apply.  */
#ifdef __cplusplus
extern "C"
#endif
char MPI_Ineighbor_alltoallv ();
/* The GNU C library defines this for functions which it implements
    to always fail with ENOSYS.  Some functions are actually named
    something starting with __ and the normal name is an alias.  */
#if defined __stub_MPI_Ineighbor_alltoallv || defined __stub___MPI_Ineighbor_alltoallv
choke me
#endif

int
main (void)
{
return MPI_Ineighbor_alltoallv ();
  ;
  return 0;
}
