// SPDX-License-Identifier: MIT
using System;
using System.Text;

namespace Fixcol
{
    /// <summary>World: finding a desync (fixcol/desync.h, docs/desync.md).</summary>
    public sealed partial class World
    {
        /// <summary>The engine handle for Wire.Produce (ObjectDisposedException once disposed).</summary>
        internal IntPtr LiveHandle { get { return Live; } }

        /// <summary>fc_world_slot_count: slots ever used (live + free).</summary>
        public uint SlotCount() { return Native.fc_world_slot_count(Live); }

        /// <summary>fc_world_range_checksum of slots [lo, hi): ErrArgument unless lo &lt;= hi &lt;= 2^24.</summary>
        public ulong RangeChecksum(uint lo, uint hi)
        {
            ulong v;
            Throw(Native.fc_world_range_checksum(Live, lo, hi, out v), "fc_world_range_checksum");
            return v;
        }

        public bool TryRangeChecksum(uint lo, uint hi, out ulong sum)
        {
            sum = 0;
            return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_range_checksum(w, lo, hi, out sum));
        }

        /// <summary>fc_world_body_hash: the body's record hash (ErrStaleId for a bad id).</summary>
        public ulong BodyHash(BodyId id)
        {
            ulong v;
            Throw(Native.fc_world_body_hash(Live, id, out v), "fc_world_body_hash");
            return v;
        }

        public bool TryBodyHash(BodyId id, out ulong hash)
        {
            hash = 0;
            return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_body_hash(w, id, out hash));
        }

        /// <summary>fc_desync_answer: this world's answer to a bisection question (ErrArgument for a malformed one).</summary>
        public ulong DesyncAnswer(ulong question)
        {
            ulong v;
            Throw(Native.fc_desync_answer(Live, question, out v), "fc_desync_answer");
            return v;
        }

        public bool TryDesyncAnswer(ulong question, out ulong answer)
        {
            answer = 0;
            return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_desync_answer(w, question, out answer));
        }

        /// <summary>fc_world_dump into buffer (ASCII bytes; grown when too small); returns the length.</summary>
        public int Dump(ref byte[] buffer)
        {
            IntPtr p = Live;
            UIntPtr need;
            Throw(Native.fc_world_dump(p, null, UIntPtr.Zero, out need), "fc_world_dump");
            if ((ulong)need > int.MaxValue)
                Throw(Status.ErrCapacity, "fc_world_dump");
            if (buffer == null || buffer.Length < (int)need)
                buffer = new byte[(int)need];
            Throw(Native.fc_world_dump(p, buffer, (UIntPtr)(uint)buffer.Length, out need), "fc_world_dump");
            return (int)need;
        }

        /// <summary>fc_world_dump as a string (allocates).</summary>
        public string Dump()
        {
            byte[] b = null;
            int n = Dump(ref b);
            return Encoding.ASCII.GetString(b, 0, n);
        }

        /// <summary>fc_world_dump_slot: one slot's line (ErrArgument for an index past 2^24).</summary>
        public string DumpSlot(uint index)
        {
            IntPtr p = Live;
            UIntPtr need;
            Throw(Native.fc_world_dump_slot(p, index, null, UIntPtr.Zero, out need), "fc_world_dump_slot");
            byte[] b = new byte[(int)need];
            Throw(Native.fc_world_dump_slot(p, index, b, (UIntPtr)(uint)b.Length, out need), "fc_world_dump_slot");
            return Encoding.ASCII.GetString(b, 0, (int)need);
        }
    }
}
