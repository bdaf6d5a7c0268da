// SPDX-License-Identifier: MIT
using System;

namespace Fixcol
{
    /// <summary>
    /// Contact events and world contacts (fc_world_pair_events,
    /// fc_world_find_contacts2/3). Outputs are copied into caller arrays
    /// passed by ref, grown only when too small (a steady frame allocates
    /// nothing). Events are a function of the world's last two pair lists;
    /// after Restore the next FindPairs reports the diff from the restored
    /// contents' pairs (docs/world.md).
    /// </summary>
    public sealed unsafe partial class World
    {
        /// <summary>
        /// fc_world_pair_events: the pairs that began (began[0..nbegan)) and
        /// ended (ended[0..nended)) between the last two FindPairs /
        /// FindContacts calls, sorted by (A.Index, B.Index); ids compare by
        /// value, so a refilled slot is an end (stale id) plus a begin.
        /// </summary>
        public void PairEvents(ref Pair[] began, out int nbegan, ref Pair[] ended, out int nended)
        {
            IntPtr b, e; int nb, ne;
            Throw(Native.fc_world_pair_events(Live, out b, out nb, out e, out ne), "fc_world_pair_events");
            nbegan = CopyPairs(b, nb, ref began);
            nended = CopyPairs(e, ne, ref ended);
        }

        public bool TryPairEvents(ref Pair[] began, out int nbegan, ref Pair[] ended, out int nended)
        {
            IntPtr b = IntPtr.Zero, e = IntPtr.Zero; int nb = 0, ne = 0;
            nbegan = nended = 0;
            if (!Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_pair_events(w, out b, out nb, out e, out ne)))
                return false;
            nbegan = CopyPairs(b, nb, ref began);
            nended = CopyPairs(e, ne, ref ended);
            return true;
        }

        /// <summary>
        /// fc_world_find_contacts2 (2D world): FindPairs plus, for pair i,
        /// contacts[i] = Collide.Contact(shape of A, shape of B) (normal from
        /// A to B). It is a FindPairs call for the events. Returns the count.
        /// </summary>
        public int FindContacts(ref Pair[] pairs, ref Contact2[] contacts)
        {
            IntPtr p, c; int n;
            Throw(Native.fc_world_find_contacts2(Live, out p, out c, out n), "fc_world_find_contacts2");
            return CopyContacts(p, c, n, ref pairs, ref contacts);
        }

        /// <summary>fc_world_find_contacts3 (3D world).</summary>
        public int FindContacts(ref Pair[] pairs, ref Contact3[] contacts)
        {
            IntPtr p, c; int n;
            Throw(Native.fc_world_find_contacts3(Live, out p, out c, out n), "fc_world_find_contacts3");
            return CopyContacts(p, c, n, ref pairs, ref contacts);
        }

        public bool TryFindContacts(ref Pair[] pairs, ref Contact2[] contacts, out int count)
        {
            IntPtr p = IntPtr.Zero, c = IntPtr.Zero; int n = 0;
            count = 0;
            if (!Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_find_contacts2(w, out p, out c, out n)))
                return false;
            count = CopyContacts(p, c, n, ref pairs, ref contacts);
            return true;
        }

        public bool TryFindContacts(ref Pair[] pairs, ref Contact3[] contacts, out int count)
        {
            IntPtr p = IntPtr.Zero, c = IntPtr.Zero; int n = 0;
            count = 0;
            if (!Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_find_contacts3(w, out p, out c, out n)))
                return false;
            count = CopyContacts(p, c, n, ref pairs, ref contacts);
            return true;
        }

        static int CopyContacts(IntPtr p, IntPtr c, int n, ref Pair[] pairs, ref Contact2[] contacts)
        {
            CopyPairs(p, n, ref pairs);
            Grow(ref contacts, n);
            fixed (Contact2* d = contacts)
                Buffer.MemoryCopy((void*)c, d, (long)contacts.Length * sizeof(Contact2), (long)n * sizeof(Contact2));
            return n;
        }

        static int CopyContacts(IntPtr p, IntPtr c, int n, ref Pair[] pairs, ref Contact3[] contacts)
        {
            CopyPairs(p, n, ref pairs);
            Grow(ref contacts, n);
            fixed (Contact3* d = contacts)
                Buffer.MemoryCopy((void*)c, d, (long)contacts.Length * sizeof(Contact3), (long)n * sizeof(Contact3));
            return n;
        }
    }

    /// <summary>fc_pair_events: the stateless diff of two canonical pair lists.</summary>
    public static class PairEvents
    {
        /// <summary>
        /// began = pairs of cur[0..ncur) not in prev[0..nprev), ended = the
        /// reverse, canonical order. The lists must be canonical (strictly
        /// increasing by (A.Index, B.Index), A.Index &lt; B.Index):
        /// FixcolException(ErrArgument) otherwise; ArgumentNullException for a
        /// null list, ArgumentOutOfRangeException for a count outside it.
        /// began / ended are grown when too small.
        /// </summary>
        public static void Diff(Pair[] prev, int nprev, Pair[] cur, int ncur, ref Pair[] began, out int nbegan,
                                ref Pair[] ended, out int nended)
        {
            Status st = TryDiff(prev, nprev, cur, ncur, ref began, out nbegan, ref ended, out nended);
            FixcolException.Check(st, "fc_pair_events");
        }

        /// <summary>As Diff, the status returned instead of a FixcolException.</summary>
        public static Status TryDiff(Pair[] prev, int nprev, Pair[] cur, int ncur, ref Pair[] began, out int nbegan,
                                     ref Pair[] ended, out int nended)
        {
            if (prev == null)
                throw new ArgumentNullException("prev");
            if (cur == null)
                throw new ArgumentNullException("cur");
            if (nprev < 0 || nprev > prev.Length)
                throw new ArgumentOutOfRangeException("nprev");
            if (ncur < 0 || ncur > cur.Length)
                throw new ArgumentOutOfRangeException("ncur");
            if (began == null || began.Length < ncur)
                began = new Pair[Math.Max(ncur, 16)];
            if (ended == null || ended.Length < nprev)
                ended = new Pair[Math.Max(nprev, 16)];
            return Native.fc_pair_events(prev, nprev, cur, ncur, began, began.Length, out nbegan, ended, ended.Length,
                                         out nended);
        }
    }
}
