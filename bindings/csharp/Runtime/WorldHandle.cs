// SPDX-License-Identifier: MIT
using System;
using System.Runtime.InteropServices;

namespace Fixcol
{
    /// <summary>Owns one fc_world*: fc_world_destroy runs exactly once (Dispose or finalizer).</summary>
    internal sealed class WorldHandle : SafeHandle
    {
        internal WorldHandle(IntPtr w) : base(IntPtr.Zero, true) { SetHandle(w); }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        protected override bool ReleaseHandle()
        {
            Native.fc_world_destroy(handle);
            return true;
        }
    }
}
