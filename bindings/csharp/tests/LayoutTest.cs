// SPDX-License-Identifier: MIT
// Compares the C layout printed by layout.c (stdin or a file) with the C#
// mirrors: sizes and every field offset, in both directions. --break shifts
// one expected offset by one byte (the test must then fail).
using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Runtime.InteropServices;
using Fixcol;

static class LayoutTest
{
    const int OpaqueRunnerBytes = 8192; // what ReplayBench allocates for fc_replay_runner

    static int Main(string[] args)
    {
        bool brk = Array.IndexOf(args, "--break") >= 0;
        string file = null;
        foreach (string a in args)
            if (!a.StartsWith("--"))
                file = a;
        string[] lines = file != null ? File.ReadAllLines(file) : Console.In.ReadToEnd().Split('\n');
        Assembly asm = typeof(World).Assembly;
        int bad = 0, checkedN = 0;
        var seen = new Dictionary<string, HashSet<string>>();
        foreach (string raw in lines)
        {
            string line = raw.Trim();
            if (line.Length == 0)
                continue;
            string[] f = line.Split(' ');
            if (f[0] == "opaque")
            {
                if (int.Parse(f[2]) > OpaqueRunnerBytes)
                {
                    Console.WriteLine("FAIL: sizeof(" + f[1] + ") = " + f[2] + " > " + OpaqueRunnerBytes);
                    bad++;
                }
                continue;
            }
            int want = int.Parse(f[2]);
            if (brk && line == "Obb2.Rot offset 20")
                want++;
            string name = f[0];
            string field = null;
            int dot = name.IndexOf('.');
            if (dot >= 0)
            {
                field = name.Substring(dot + 1);
                name = name.Substring(0, dot);
            }
            Type t = asm.GetType("Fixcol." + name);
            if (t == null)
            {
                Console.WriteLine("FAIL: no C# type Fixcol." + name);
                bad++;
                continue;
            }
            if (!seen.ContainsKey(name))
                seen[name] = new HashSet<string>();
            int got;
            if (field == null)
                got = t.IsEnum ? Marshal.SizeOf(Enum.GetUnderlyingType(t)) : Marshal.SizeOf(t);
            else
            {
                seen[name].Add(field);
                got = (int)Marshal.OffsetOf(t, field);
            }
            checkedN++;
            if (got != want)
            {
                Console.WriteLine("FAIL: " + name + (field != null ? "." + field + " offset " : " size ") + "C " + want + ", C# " + got);
                bad++;
            }
        }
        // Every instance field of every mirrored struct must have been compared.
        foreach (var kv in seen)
        {
            Type t = asm.GetType("Fixcol." + kv.Key);
            if (t.IsEnum)
                continue;
            foreach (FieldInfo fi in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
                if (!kv.Value.Contains(fi.Name))
                {
                    Console.WriteLine("FAIL: " + kv.Key + "." + fi.Name + " has no C counterpart in the layout list");
                    bad++;
                }
        }
        // Every struct passed to native code must be in the list: the
        // parameter and return types of every Native method.
        foreach (MethodInfo m in typeof(Native).GetMethods(BindingFlags.Static | BindingFlags.Public))
        {
            var types = new List<Type>();
            types.Add(m.ReturnType);
            foreach (ParameterInfo p in m.GetParameters())
                types.Add(p.ParameterType.IsByRef || p.ParameterType.IsArray ? p.ParameterType.GetElementType() : p.ParameterType);
            foreach (Type t in types)
                if (t.Namespace == "Fixcol" && !seen.ContainsKey(t.Name))
                {
                    Console.WriteLine("FAIL: " + t.Name + " (used by Native." + m.Name + ") is not compared with C");
                    bad++;
                }
        }
        Console.WriteLine((bad == 0 ? "ok" : "FAILED") + ": " + checkedN + " sizes/offsets compared, " + bad + " mismatches");
        return bad == 0 && checkedN > 50 ? 0 : 1;
    }
}
