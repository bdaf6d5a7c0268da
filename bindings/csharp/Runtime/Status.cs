// SPDX-License-Identifier: MIT
namespace Fixcol
{
    /// <summary>fc_status: the status codes of the C API (0 is success, errors are negative).</summary>
    public enum Status
    {
        Ok = 0,
        ErrNull = -1,
        ErrRange = -2,
        ErrSize = -3,
        ErrShapeType = -4,
        ErrPolyCount = -5,
        ErrPolyOrder = -6,
        ErrRotation = -7,
        ErrStaleId = -8,
        ErrCapacity = -9,
        ErrNoMemory = -10,
        ErrBuffer = -11,
        ErrFormat = -12,
        ErrVersion = -13,
        ErrChecksum = -14,
        ErrArgument = -15,
    }
}
