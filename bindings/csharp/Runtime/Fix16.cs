// SPDX-License-Identifier: MIT
using System;

namespace Fixcol
{
    /// <summary>
    /// fix16_t: a Q16.16 number held as its raw int32 (value = Raw / 65536).
    /// Every conversion into it is exact (whole units, raw values, exact
    /// decimal strings); there is no conversion from float or double.
    /// ToDouble is for display only and must never feed the simulation.
    /// </summary>
    [Serializable]
    public struct Fix16 : IEquatable<Fix16>, IComparable<Fix16>
    {
        /// <summary>The raw Q16.16 value, exactly as the C side sees it.</summary>
        public int Raw;

        public const int One = 65536;
        public static readonly Fix16 Zero = new Fix16();
        public static readonly Fix16 MaxValue = FromRaw(int.MaxValue);
        public static readonly Fix16 MinValue = FromRaw(int.MinValue);

        public static Fix16 FromRaw(int raw)
        {
            Fix16 f;
            f.Raw = raw;
            return f;
        }

        /// <summary>Whole units; OverflowException outside [-32768, 32767].</summary>
        public static Fix16 FromInt(int units)
        {
            if (units < -32768 || units > 32767)
                throw new OverflowException("Fix16.FromInt: " + units + " is outside [-32768, 32767]");
            return FromRaw(units << 16);
        }

        /// <summary>numerator / 2^shift exactly, e.g. FromFraction(1, 1) = 0.5.</summary>
        public static Fix16 FromRatio(int units, int halvings)
        {
            if (halvings < 0 || halvings > 16)
                throw new ArgumentOutOfRangeException("halvings", "0..16");
            long raw = (long)units << (16 - halvings);
            if (raw < int.MinValue || raw > int.MaxValue)
                throw new OverflowException("Fix16.FromRatio: out of range");
            return FromRaw((int)raw);
        }

        // At most 40 characters of a rejected string go into a message (a huge
        // input must not become a huge exception).
        static string Excerpt(string s)
        {
            if (s == null)
                return "(null)";
            return s.Length <= 40 ? s : s.Substring(0, 40) + "... (" + s.Length + " characters)";
        }

        /// <summary>
        /// Parse an exact decimal ("-12.375", "0.0000152587890625"): optional
        /// '-', digits, optional '.' and digits. FormatException unless the
        /// value is exactly a multiple of 1/65536 ("0.1" is rejected, never
        /// rounded); OverflowException when it does not fit Q16.16.
        /// </summary>
        public static Fix16 Parse(string s)
        {
            Fix16 f;
            switch (TryParseCore(s, out f))
            {
                case 0: return f;
                case 1: throw new FormatException("Fix16.Parse: '" + Excerpt(s) + "' is not an exact Q16.16 decimal");
                default: throw new OverflowException("Fix16.Parse: '" + Excerpt(s) + "' is outside the Q16.16 range");
            }
        }

        public static bool TryParse(string s, out Fix16 value)
        {
            return TryParseCore(s, out value) == 0;
        }

        // 0 ok, 1 format, 2 range. Integers only.
        static int TryParseCore(string s, out Fix16 value)
        {
            value = Zero;
            if (s == null || s.Length == 0)
                return 1;
            int i = 0;
            bool neg = false;
            if (s[0] == '-')
            {
                neg = true;
                i = 1;
            }
            long ip = 0;
            int intDigits = 0;
            for (; i < s.Length && s[i] >= '0' && s[i] <= '9'; i++, intDigits++)
            {
                ip = ip * 10 + (s[i] - '0');
                if (ip > 1L << 20)
                    ip = 1L << 20; // saturate: already out of range
            }
            if (intDigits == 0)
                return 1;
            long frac = 0;
            int k = 0;
            if (i < s.Length)
            {
                if (s[i] != '.')
                    return 1;
                i++;
                int start = i;
                int end = s.Length;
                for (int j = start; j < end; j++)
                    if (s[j] < '0' || s[j] > '9')
                        return 1;
                if (end == start)
                    return 1;
                while (end > start && s[end - 1] == '0')
                    end--; // trailing zeros do not change the value
                k = end - start;
                if (k > 16)
                    return 1; // every multiple of 1/65536 has at most 16 fractional digits
                for (int j = start; j < end; j++)
                    frac = frac * 10 + (s[j] - '0');
            }
            // frac / 10^k * 2^16 = frac * 2^(16-k) / 5^k must be an integer.
            long p5 = 1;
            for (int j = 0; j < k; j++)
                p5 *= 5;
            if (frac % p5 != 0)
                return 1;
            long fracRaw = (frac / p5) << (16 - k);
            long raw = ip * 65536 + fracRaw;
            if (neg)
                raw = -raw;
            if (raw < int.MinValue || raw > int.MaxValue)
                return 2;
            value = FromRaw((int)raw);
            return 0;
        }

        /// <summary>The exact decimal expansion (at most 16 fractional digits, no trailing zeros).</summary>
        public override string ToString()
        {
            long a = Raw;
            bool neg = a < 0;
            if (neg)
                a = -a;
            long ip = a >> 16;
            long frac = (a & 0xFFFF) * 152587890625L; // * 5^16: frac / 2^16 = that / 10^16
            string s = (neg ? "-" : "") + ip.ToString(System.Globalization.CultureInfo.InvariantCulture);
            if (frac == 0)
                return s;
            string d = frac.ToString("D16", System.Globalization.CultureInfo.InvariantCulture).TrimEnd('0');
            return s + "." + d;
        }

        /// <summary>Display only (UI, logs): never feed this back into the simulation.</summary>
        public double ToDouble() { return Raw / 65536.0; }

        /// <summary>The whole part, rounded toward minus infinity.</summary>
        public int FloorToInt() { return Raw >> 16; }

        /// <summary>Exact sum; OverflowException (naming the operation and its raw operands) when it does not fit.</summary>
        public static Fix16 operator +(Fix16 a, Fix16 b) { return Fit((long)a.Raw + b.Raw, "sum", a, b); }
        /// <summary>Exact difference; OverflowException as for +.</summary>
        public static Fix16 operator -(Fix16 a, Fix16 b) { return Fit((long)a.Raw - b.Raw, "difference", a, b); }
        /// <summary>Exact negation; OverflowException for raw int.MinValue.</summary>
        public static Fix16 operator -(Fix16 a) { return Fit(-(long)a.Raw, "negation", a, a); }

        // The checked arithmetic's range check, with a message naming the operation (issue 26).
        static Fix16 Fit(long r, string op, Fix16 a, Fix16 b)
        {
            if (r < int.MinValue || r > int.MaxValue)
                throw new OverflowException("Fix16 " + op + " out of range (raw operands " + a.Raw + ", " + b.Raw + ")");
            return FromRaw((int)r);
        }

        /// <summary>fc_mul: a * b rounded to nearest, ties toward +infinity; OverflowException when it does not fit.</summary>
        public static Fix16 operator *(Fix16 a, Fix16 b)
        {
            long r = ((long)a.Raw * b.Raw + 32768) >> 16;
            if (r < int.MinValue || r > int.MaxValue)
                throw new OverflowException("Fix16 product out of range");
            return FromRaw((int)r);
        }

        public static bool operator ==(Fix16 a, Fix16 b) { return a.Raw == b.Raw; }
        public static bool operator !=(Fix16 a, Fix16 b) { return a.Raw != b.Raw; }
        public static bool operator <(Fix16 a, Fix16 b) { return a.Raw < b.Raw; }
        public static bool operator >(Fix16 a, Fix16 b) { return a.Raw > b.Raw; }
        public static bool operator <=(Fix16 a, Fix16 b) { return a.Raw <= b.Raw; }
        public static bool operator >=(Fix16 a, Fix16 b) { return a.Raw >= b.Raw; }
        public static implicit operator Fix16(int units) { return FromInt(units); }

        public bool Equals(Fix16 other) { return Raw == other.Raw; }
        public override bool Equals(object obj) { return obj is Fix16 && ((Fix16)obj).Raw == Raw; }
        public override int GetHashCode() { return Raw; }
        public int CompareTo(Fix16 other) { return Raw.CompareTo(other.Raw); }
    }
}
