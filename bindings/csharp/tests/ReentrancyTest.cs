// SPDX-License-Identifier: MIT
// ReentrancyTest.exe FIXCOL_DLL - the C# side of issue 26's re-entrancy and
// raw-layer rules, checked on the compiled assembly by reflection:
//  1. no public method of any exported type is a P/Invoke (the raw Native
//     layer is internal: a raw call with a null or dangling pointer would
//     kill the process, so no program can make one);
//  2. no public method or constructor takes an IntPtr, UIntPtr or pointer;
//  3. no public method of World, Shapes, Fix16, Hash64, ... takes an
//     argument through which caller code could run while the call holds its
//     world: every parameter is a value type, a string, an array of value
//     types, or a sealed class of this assembly (no interface, delegate,
//     object or overridable class; properties of the value types are plain
//     fields, so nothing calls back mid-marshal).
// Should-fail twin: the same check on the test-only build of Fixcol.dll
// with -define:FIXCOL_TEST_PUBLIC_NATIVE (Native public) must fail.
using System;
using System.Reflection;

static class ReentrancyTest
{
    static int failures, checks;

    static void Fail(string m)
    {
        failures++;
        if (failures <= 40) Console.WriteLine("FAIL: " + m);
    }

    static bool SafeParam(Type t, Assembly asm)
    {
        if (t.IsByRef) t = t.GetElementType();
        if (t.IsPointer || t == typeof(IntPtr) || t == typeof(UIntPtr)) return false;
        if (t.IsValueType || t == typeof(string)) return true;
        if (t.IsArray) return t.GetElementType().IsValueType && t.GetElementType() != typeof(IntPtr);
        return t.Assembly == asm && t.IsClass && t.IsSealed;
    }

    static int Main(string[] args)
    {
        Assembly asm = Assembly.LoadFrom(args[0]);
        int types = 0;
        foreach (Type t in asm.GetExportedTypes())
        {
            types++;
            const BindingFlags all = BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly;
            foreach (MethodInfo m in t.GetMethods(all))
            {
                checks++;
                if ((m.Attributes & MethodAttributes.PinvokeImpl) != 0)
                    Fail(t.FullName + "." + m.Name + " is a public P/Invoke (the raw layer must be internal)");
                Type root = m.GetBaseDefinition().DeclaringType;
                if (root == typeof(object) || root == typeof(ValueType))
                    continue; // Equals(object) and friends: no world, no native call
                foreach (ParameterInfo p in m.GetParameters())
                {
                    checks++;
                    if (!SafeParam(p.ParameterType, asm))
                        Fail(t.FullName + "." + m.Name + "(" + p.ParameterType.Name + " " + p.Name + "): a parameter caller code or a raw pointer could come through");
                }
            }
            foreach (ConstructorInfo c in t.GetConstructors())
                foreach (ParameterInfo p in c.GetParameters())
                {
                    checks++;
                    if (!SafeParam(p.ParameterType, asm))
                        Fail(t.FullName + " constructor (" + p.ParameterType.Name + " " + p.Name + "): unsafe parameter type");
                }
        }
        if (asm.GetType("Fixcol.World") == null || types < 10)
            Fail("the assembly does not look like Fixcol.dll (" + types + " exported types)");
        Console.WriteLine("reentrancy/raw layer: " + types + " exported types, " + checks + " checks, " + failures + " failures");
        return failures == 0 ? 0 : 1;
    }
}
