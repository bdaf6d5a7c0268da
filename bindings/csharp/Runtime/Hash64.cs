// SPDX-License-Identifier: MIT
using System;

namespace Fixcol
{
    /// <summary>
    /// fc_hash64 (fixcol/hash.h) in managed code: the 64-bit hash behind
    /// checksums and replay digests, over 64-bit words, all arithmetic mod
    /// 2^64. A mutable value: copy it to fork a running hash.
    /// </summary>
    public struct Hash64
    {
        public const ulong P1 = 0x9E3779B185EBCA87UL, P2 = 0xC2B2AE3D27D4EB4FUL,
                           P3 = 0x165667B19E3779F9UL, P4 = 0x85EBCA77C2B2AE63UL;

        ulong v0, v1, v2, v3, n;

        public static Hash64 Init(ulong seed)
        {
            Hash64 h;
            unchecked
            {
                h.v0 = seed + P1 + P2;
                h.v1 = seed + P2;
                h.v2 = seed;
                h.v3 = seed - P1;
            }
            h.n = 0;
            return h;
        }

        static ulong Rotl(ulong x, int r) { return (x << r) | (x >> (64 - r)); }
        static ulong Round(ulong v, ulong w) { unchecked { return Rotl(v + w * P2, 31) * P1; } }

        public void Word(ulong w)
        {
            switch ((int)(n & 3))
            {
                case 0: v0 = Round(v0, w); break;
                case 1: v1 = Round(v1, w); break;
                case 2: v2 = Round(v2, w); break;
                default: v3 = Round(v3, w); break;
            }
            n++;
        }

        /// <summary>lo in bits 0..31, hi in bits 32..63.</summary>
        public void Pair(uint lo, uint hi) { Word(lo | ((ulong)hi << 32)); }

        public ulong Final()
        {
            unchecked
            {
                ulong x = Rotl(v0, 1) + Rotl(v1, 7) + Rotl(v2, 12) + Rotl(v3, 18) + n * P4;
                x ^= x >> 33;
                x *= P2;
                x ^= x >> 29;
                x *= P3;
                x ^= x >> 32;
                return x;
            }
        }

        /// <summary>The 32-bit fold of a 64-bit hash: low ^ high half.</summary>
        public static uint Fold(ulong h) { return (uint)h ^ (uint)(h >> 32); }

        // The list checks of OfPairs / OfIds / OfHits.
        static void CheckList(Array list, int count, string name)
        {
#if !FIXCOL_TEST_NO_LIST_GUARD // test-only build: HostileTest's should-fail twin
            if (list == null)
                throw new ArgumentNullException(name);
#endif
            if (count < 0 || count > list.Length)
                throw new ArgumentOutOfRangeException("count", count, "count must be in 0.." + list.Length + " (the length of " + name + ")");
        }

        /// <summary>fc_hash_pairs over pairs[0..count). ArgumentNullException for a null
        /// array, ArgumentOutOfRangeException unless 0 &lt;= count &lt;= pairs.Length.</summary>
        public static ulong OfPairs(ulong seed, Pair[] pairs, int count)
        {
            CheckList(pairs, count, "pairs");
            Hash64 h = Init(seed);
            for (int i = 0; i < count; i++)
            {
                h.Pair(pairs[i].A.Index, pairs[i].A.Generation);
                h.Pair(pairs[i].B.Index, pairs[i].B.Generation);
            }
            return h.Final();
        }

        /// <summary>fc_hash_ids over ids[0..count) (exceptions as OfPairs).</summary>
        public static ulong OfIds(ulong seed, BodyId[] ids, int count)
        {
            CheckList(ids, count, "ids");
            Hash64 h = Init(seed);
            for (int i = 0; i < count; i++)
                h.Pair(ids[i].Index, ids[i].Generation);
            return h.Final();
        }

        /// <summary>fc_hash_ray_hits over hits[0..count) (exceptions as OfPairs).</summary>
        public static ulong OfHits(ulong seed, RayHit[] hits, int count)
        {
            CheckList(hits, count, "hits");
            Hash64 h = Init(seed);
            for (int i = 0; i < count; i++)
            {
                h.Pair(hits[i].Id.Index, hits[i].Id.Generation);
                h.Word((uint)hits[i].T.Raw);
            }
            return h.Final();
        }
    }
}
