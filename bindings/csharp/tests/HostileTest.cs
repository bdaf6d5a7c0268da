// SPDX-License-Identifier: MIT
// HostileTest.exe FIXCOL_DLL REPLAY.fcr [--verbose] - issue 26's hostile-value
// sweep of the C# binding, driven by reflection so a new public API is swept
// without editing this file. Every public method (property accessors and
// operators included) and constructor of every exported type of FIXCOL_DLL
// is called once with baseline arguments and then once per hostile value of
// each parameter (the others at their baseline):
//   integers  MinValue, MaxValue, -1, 0, 1      strings  null, "", 16 MiB
//   arrays    null, empty, one element           enums    0, -1, int.MaxValue
//   structs   default, every field at its max, every field at its min
//   Shape3    also a capsule: valid, radius -1, endpoints at int.MaxValue
//   BodyId    default, destroyed, another world's, all bits set
//   World     null, disposed, another world      classes  null
// and every World instance method also on a disposed world. A call passes
// when it returns or throws a documented exception: ArgumentException (and
// its Null/OutOfRange kinds, with ParamName set), InvalidOperationException
// (ObjectDisposedException), FixcolException, or Fix16.Parse's
// Format/OverflowException; never NullReference, IndexOutOfRange, a crash or
// a hang (each call runs on a thread joined with a timeout), the message at
// most 1 KiB; and after a throwing call the live world's checksum and
// snapshot bytes are unchanged. Re-entrancy: no public parameter can carry
// caller code (ReentrancyTest enforces it); a parameter type this sweep
// cannot produce values for (a delegate, an interface) fails the sweep, so
// a callback parameter added later must be swept here first.
// The member count may not drop below MinMembers (printed each run).
// Should-fail twin: the same sweep on the test-only Fixcol build with
// -define:FIXCOL_TEST_NO_LIST_GUARD (Hash64's list null check removed) fails.
using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Threading;

static class HostileTest
{
    const int MinMembers = 279; // members swept when this sweep was written: raise, never lower
    const int TimeoutMs = 20000;
    const BindingFlags All = BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly;

    static Assembly asm;
    static Type worldT, bodyIdT, fixExT, replayT;
    static byte[] replayBytes;
    static string huge = new string('7', 16 << 20);
    static int failures, calls, members, verbose;
    static object foreignWorld, foreignId;
    static SortedDictionary<string, int> outcomes = new SortedDictionary<string, int>();

    static void Fail(string m)
    {
        failures++;
        if (failures <= 60) Console.WriteLine("FAIL: " + m);
    }

    static Type T(string name)
    {
        Type t = asm.GetType("Fixcol." + name);
        if (t == null) throw new Exception("Fixcol." + name + " not found");
        return t;
    }

    static object Call(object target, Type t, string name, params object[] a)
    {
        foreach (MethodInfo m in t.GetMethods(BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance))
        {
            if (m.Name != name || m.GetParameters().Length != a.Length) continue;
            ParameterInfo[] ps = m.GetParameters();
            bool ok = true;
            for (int i = 0; i < ps.Length; i++)
            {
                Type pt = ps[i].ParameterType.IsByRef ? ps[i].ParameterType.GetElementType() : ps[i].ParameterType;
                if (a[i] != null && !pt.IsInstanceOfType(a[i])) ok = false;
            }
            if (ok) return m.Invoke(target, a);
        }
        throw new Exception("no method " + t.Name + "." + name + "/" + a.Length);
    }

    // ------------------------------------------------------------ fixture

    static object Circle(int x, int y, int r)
    {
        object c = Call(null, T("Vec2"), "FromRaw", x << 16, y << 16);
        object rr = Call(null, T("Fix16"), "FromRaw", r << 16);
        return Call(null, T("Shape2"), "MakeCircle", c, rr);
    }

    // A Shape3 capsule: kind 0 valid (0,0,0)-(10,0,0) r 1, 1 radius -1, 2 endpoints at int.MaxValue raw.
    static object Capsule3(int kind)
    {
        int e = kind == 2 ? int.MaxValue : 10 << 16;
        object cap = Activator.CreateInstance(T("Capsule3"), new object[] {
            Call(null, T("Vec3"), "FromRaw", 0, 0, 0), Call(null, T("Vec3"), "FromRaw", e, kind == 2 ? e : 0, 0),
            Call(null, T("Fix16"), "FromRaw", kind == 1 ? -1 : 1 << 16) });
        return Call(null, T("Shape3"), "FromCapsule", cap);
    }

    static object NewWorld(uint tag)
    {
        object def = T("WorldDef").GetProperty("Default").GetValue(null);
        T("WorldDef").GetField("Tag").SetValue(def, tag);
        return Activator.CreateInstance(worldT, new object[] { def });
    }

    static object CreateBody(object world, int x)
    {
        object bd = Call(null, T("BodyDef"), "Of", Circle(x, 10, 1));
        return Call(world, worldT, "CreateBody", bd);
    }

    sealed class Fixture
    {
        public object World, Live, Dead;
        public byte[] Snap;
        public Fixture()
        {
            World = NewWorld(7);
            Live = CreateBody(World, 10);
            CreateBody(World, 11);
            Dead = CreateBody(World, 30);
            Call(World, worldT, "DestroyBody", Dead);
            Snap = (byte[])Call(World, worldT, "Snapshot");
        }
        public void Dispose() { ((IDisposable)World).Dispose(); }
    }

    // ------------------------------------------------------------ values

    struct Val
    {
        public string Name;
        public Func<Fixture, object> Make;
        public Val(string n, Func<Fixture, object> m) { Name = n; Make = m; }
    }

    static object Filled(Type t, int how, int depth) // how: +1 max, -1 min
    {
        if (t == typeof(int)) return how > 0 ? int.MaxValue : int.MinValue;
        if (t == typeof(uint)) return how > 0 ? uint.MaxValue : 0u;
        if (t == typeof(long)) return how > 0 ? long.MaxValue : long.MinValue;
        if (t == typeof(ulong)) return how > 0 ? ulong.MaxValue : 0ul;
        if (t == typeof(short)) return how > 0 ? short.MaxValue : short.MinValue;
        if (t == typeof(ushort)) return how > 0 ? ushort.MaxValue : (ushort)0;
        if (t == typeof(byte)) return how > 0 ? byte.MaxValue : (byte)0;
        if (t == typeof(sbyte)) return how > 0 ? sbyte.MaxValue : sbyte.MinValue;
        if (t == typeof(bool)) return how > 0;
        if (t.IsEnum) return Enum.ToObject(t, how > 0 ? int.MaxValue : -1);
        object v = Activator.CreateInstance(t);
        if (depth > 4 || !t.IsValueType || t.IsPrimitive) return v;
        foreach (FieldInfo f in t.GetFields(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance))
        {
            if (f.FieldType.IsValueType && !f.FieldType.IsPointer && !f.IsInitOnly)
                f.SetValue(v, Filled(f.FieldType, how, depth + 1));
        }
        return v;
    }

    static object Sample(Type t, Fixture fx)
    {
        if (t == worldT) return fx.World;
        if (t == bodyIdT) return fx.Live;
        if (t == replayT) return Activator.CreateInstance(replayT, new object[] { replayBytes });
        if (t == typeof(string)) return "1";
        if (t == typeof(object)) return "x";
        if (t == typeof(byte[])) return (byte[])fx.Snap.Clone();
        if (t.IsArray) return Array.CreateInstance(t.GetElementType(), 64);
        if (t.IsEnum)
        {
            Array vs = Enum.GetValues(t);
            return vs.Length > 0 ? vs.GetValue(0) : Activator.CreateInstance(t);
        }
        if (t.Name == "Shape2") return Circle(10, 10, 1);
        if (t.Name == "BodyDef") return Call(null, T("BodyDef"), "Of", Circle(10, 10, 1));
        if (t.Name == "WorldDef" || t.Name == "Filter") return t.GetProperty("Default").GetValue(null);
        if (t.Name == "Shape3")
        {
            object sph = Activator.CreateInstance(T("Sphere"), new object[] {
                Call(null, T("Vec3"), "FromRaw", 10 << 16, 10 << 16, 10 << 16), Call(null, T("Fix16"), "FromRaw", 1 << 16) });
            return Call(null, T("Shape3"), "FromSphere", sph);
        }
        if (t.IsValueType) return Activator.CreateInstance(t);
        if (t.Assembly == asm && t.IsClass && !t.IsAbstract)
        {
            foreach (ConstructorInfo c in t.GetConstructors())
                try { return c.Invoke(Baseline(c.GetParameters(), fx)); } catch (Exception) { }
            foreach (MethodInfo m in t.GetMethods(BindingFlags.Public | BindingFlags.Static))
                if (m.ReturnType == t)
                    try { return m.Invoke(null, Baseline(m.GetParameters(), fx)); } catch (Exception) { }
        }
        return null;
    }

    static object[] Baseline(ParameterInfo[] ps, Fixture fx)
    {
        object[] a = new object[ps.Length];
        for (int i = 0; i < ps.Length; i++)
        {
            Type t = ps[i].ParameterType.IsByRef ? ps[i].ParameterType.GetElementType() : ps[i].ParameterType;
            a[i] = ps[i].IsOut && !ps[i].IsIn ? (t.IsValueType ? Activator.CreateInstance(t) : null)
                 : ps[i].HasDefaultValue && ps[i].DefaultValue != null && ps[i].DefaultValue.GetType() == t ? ps[i].DefaultValue
                 : Sample(t, fx);
        }
        return a;
    }

    static bool Handled(Type t)
    {
        return t.IsValueType || t == typeof(string) || t == typeof(object) || (t.IsArray && t.GetElementType().IsValueType)
            || (t.Assembly == asm && t.IsClass && t.IsSealed);
    }

    static List<Val> Hostile(Type t)
    {
        var v = new List<Val>();
        if (t == typeof(int))
            foreach (int x in new[] { int.MinValue, int.MaxValue, -1, 0, 1 }) { int y = x; v.Add(new Val("int " + y, f => y)); }
        else if (t == typeof(bool)) { v.Add(new Val("false", f => false)); v.Add(new Val("true", f => true)); }
        else if (t == typeof(string))
        {
            v.Add(new Val("null string", f => null));
            v.Add(new Val("empty string", f => ""));
            v.Add(new Val("16 MiB string", f => huge));
            v.Add(new Val("NaN string", f => "NaN"));
            v.Add(new Val("-0 string", f => "-0"));
        }
        else if (t == typeof(object)) { v.Add(new Val("null object", f => null)); v.Add(new Val("foreign object", f => new object())); }
        else if (t == worldT)
        {
            v.Add(new Val("null world", f => null));
            v.Add(new Val("disposed world", f => { object w = NewWorld(7); ((IDisposable)w).Dispose(); return w; }));
            v.Add(new Val("another world", f => foreignWorld));
        }
        else if (t == bodyIdT)
        {
            v.Add(new Val("default BodyId", f => Activator.CreateInstance(bodyIdT)));
            v.Add(new Val("destroyed BodyId", f => f.Dead));
            v.Add(new Val("another world's BodyId", f => foreignId));
            v.Add(new Val("BodyId all bits set", f => Filled(bodyIdT, 1, 0)));
        }
        else if (t.IsArray)
        {
            Type e = t.GetElementType();
            v.Add(new Val("null array", f => null));
            v.Add(new Val("empty array", f => Array.CreateInstance(e, 0)));
            v.Add(new Val("one-element array", f => Array.CreateInstance(e, 1)));
            v.Add(new Val("array of max-filled", f => { Array a = Array.CreateInstance(e, 8); for (int i = 0; i < 8; i++) a.SetValue(Filled(e, 1, 0), i); return a; }));
        }
        else if (t.IsEnum)
        {
            v.Add(new Val("enum 0", f => Enum.ToObject(t, 0)));
            v.Add(new Val("enum -1", f => Enum.ToObject(t, -1)));
            v.Add(new Val("enum int.MaxValue", f => Enum.ToObject(t, int.MaxValue)));
        }
        else if (t.IsValueType)
        {
            if (t.Name == "Shape3") // the capsule case: valid, a negative radius, endpoints at int.MaxValue
                foreach (int k in new[] { 0, 1, 2 })
                {
                    int kk = k;
                    v.Add(new Val(new[] { "capsule3 Shape3", "capsule3 radius -1", "capsule3 at int.MaxValue" }[kk], f => Capsule3(kk)));
                }
            v.Add(new Val("default " + t.Name, f => Activator.CreateInstance(t)));
            v.Add(new Val(t.Name + " max-filled", f => Filled(t, 1, 0)));
            v.Add(new Val(t.Name + " min-filled", f => Filled(t, -1, 0)));
        }
        else if (t.IsClass) v.Add(new Val("null " + t.Name, f => null));
        return v;
    }

    // ------------------------------------------------------------ one call

    static string Describe(MethodBase m)
    {
        var s = m.DeclaringType.Name + "." + m.Name + "(";
        ParameterInfo[] ps = m.GetParameters();
        for (int i = 0; i < ps.Length; i++) s += (i > 0 ? ", " : "") + ps[i].ParameterType.Name + " " + ps[i].Name;
        return s + ")";
    }

    static bool Allowed(Exception e)
    {
        if (e is ArgumentException || e is InvalidOperationException) return true;
        if (fixExT.IsInstanceOfType(e)) return true;
        return e is FormatException || e is OverflowException; // Fix16.Parse's documented pair
    }

    static bool SameBytes(byte[] a, byte[] b)
    {
        if (a.Length != b.Length) return false;
        for (int i = 0; i < a.Length; i++) if (a[i] != b[i]) return false;
        return true;
    }

    static void Sweep(MethodBase m, string what, Fixture fx, object target, object[] args)
    {
        calls++;
        if (verbose > 0) Console.WriteLine("call " + Describe(m) + " [" + what + "]");
        bool live = !(bool)worldT.GetProperty("IsDisposed").GetValue(fx.World);
        ulong sum = live ? (ulong)Call(fx.World, worldT, "Checksum") : 0;
        Exception thrown = null;
        bool done = false;
        var th = new Thread(() =>
        {
            try
            {
                if (m is ConstructorInfo) ((ConstructorInfo)m).Invoke(args);
                else m.Invoke(target, args);
            }
            catch (TargetInvocationException e) { thrown = e.InnerException; }
            catch (Exception e) { thrown = e; }
            done = true;
        });
        th.Start();
        if (!th.Join(TimeoutMs) || !done)
        {
            Fail(Describe(m) + " [" + what + "]: no answer within " + TimeoutMs + " ms (hang)");
            Console.WriteLine("hostile sweep: " + members + " members, " + calls + " calls, " + failures + " failures");
            Environment.Exit(1);
        }
        string kind = thrown == null ? "returned" : thrown.GetType().Name;
        int n;
        outcomes.TryGetValue(kind, out n);
        outcomes[kind] = n + 1;
        if (thrown == null) return;
        string who = Describe(m) + " [" + what + "]";
        if (verbose > 0) Console.WriteLine("  -> " + thrown.GetType().Name + ": " + Clip(thrown.Message));
        if (!Allowed(thrown))
            Fail(who + ": undocumented " + thrown.GetType().FullName + ": " + Clip(thrown.Message));
        else if (thrown.Message.Length == 0 || thrown.Message.Length > 1024)
            Fail(who + ": " + thrown.GetType().Name + " message of " + thrown.Message.Length + " characters");
        else if (thrown is ArgumentException && string.IsNullOrEmpty(((ArgumentException)thrown).ParamName))
            Fail(who + ": " + thrown.GetType().Name + " naming no argument: " + Clip(thrown.Message));
        else if (!(thrown is ArgumentException) && !Names(thrown.Message, m))
            Fail(who + ": " + thrown.GetType().Name + " message names no call or type: " + Clip(thrown.Message));
        if (live)
        {
            if ((bool)worldT.GetProperty("IsDisposed").GetValue(fx.World))
                Fail(who + ": a failed call disposed the world");
            else if ((ulong)Call(fx.World, worldT, "Checksum") != sum || !SameBytes((byte[])Call(fx.World, worldT, "Snapshot"), fx.Snap))
                Fail(who + ": a failed call changed the world (checksum or snapshot)");
        }
    }

    // The message names the call: a C function (fc_...), the member's type,
    // Fix16 (the arithmetic under Vec2/Vec3), the member itself, or (an
    // ObjectDisposedException) the disposed Fixcol.World.
    static bool Names(string msg, MethodBase m)
    {
        return msg.Contains("fc_") || msg.Contains("Fixcol.World") || msg.Contains(m.DeclaringType.Name) || msg.Contains("Fix16") || msg.Contains(m.Name);
    }

    static string Clip(string s) { return s.Length > 200 ? s.Substring(0, 200) + "..." : s; }

    static void SweepMember(MethodBase m)
    {
        members++;
        ParameterInfo[] ps = m.GetParameters();
        foreach (ParameterInfo p in ps)
        {
            Type t = p.ParameterType.IsByRef ? p.ParameterType.GetElementType() : p.ParameterType;
            if (!Handled(t))
            {
                Fail(Describe(m) + ": parameter " + p.Name + " of type " + t.FullName + " has no hostile values (callback? extend this sweep)");
                return;
            }
        }
        Type dt = m.DeclaringType;
        var targets = new List<Tuple<string, Func<Fixture, object>>>();
        if (m.IsStatic || m is ConstructorInfo) targets.Add(Tuple.Create("static", (Func<Fixture, object>)(f => null)));
        else if (dt == worldT)
        {
            targets.Add(Tuple.Create("live world", (Func<Fixture, object>)(f => f.World)));
            targets.Add(Tuple.Create("disposed world", (Func<Fixture, object>)(f => { ((IDisposable)f.World).Dispose(); return f.World; })));
        }
        else if (dt.IsValueType)
        {
            targets.Add(Tuple.Create("default this", (Func<Fixture, object>)(f => Activator.CreateInstance(dt))));
            targets.Add(Tuple.Create("max-filled this", (Func<Fixture, object>)(f => Filled(dt, 1, 0))));
        }
        else
        {
            targets.Add(Tuple.Create("sample this", (Func<Fixture, object>)(f => Sample(dt, f))));
            if (typeof(IDisposable).IsAssignableFrom(dt))
                targets.Add(Tuple.Create("disposed this", (Func<Fixture, object>)(f => { object o = Sample(dt, f); if (o != null) ((IDisposable)o).Dispose(); return o; })));
        }

        foreach (var tg in targets)
        {
            // the baseline call, then each parameter's hostile values
            for (int i = -1; i < ps.Length; i++)
            {
                List<Val> vals = i < 0 ? new List<Val> { new Val("baseline", null), new Val("every value max-filled", null), new Val("every value min-filled", null) }
                               : ps[i].IsOut && !ps[i].IsIn ? new List<Val>() : Hostile(ps[i].ParameterType.IsByRef ? ps[i].ParameterType.GetElementType() : ps[i].ParameterType);
                foreach (Val v in vals)
                {
                    var fx = new Fixture();
                    object target = tg.Item2(fx);
                    if (!m.IsStatic && !(m is ConstructorInfo) && target == null)
                    {
                        Fail(Describe(m) + ": no instance of " + dt.Name + " to call it on");
                        fx.Dispose();
                        return;
                    }
                    object[] args = Baseline(ps, fx);
                    if (i >= 0) args[i] = v.Make(fx);
                    else if (v.Name != "baseline")
                        for (int k = 0; k < ps.Length; k++)
                        {
                            Type pk = ps[k].ParameterType.IsByRef ? ps[k].ParameterType.GetElementType() : ps[k].ParameterType;
                            if (pk.IsValueType && !(ps[k].IsOut && !ps[k].IsIn)) args[k] = Filled(pk, v.Name.Contains("max") ? 1 : -1, 0);
                        }
                    Sweep(m, tg.Item1 + ", " + (i < 0 ? v.Name : ps[i].Name + " = " + v.Name), fx, target, args);
                    fx.Dispose();
                    if (target is IDisposable && target != fx.World) ((IDisposable)target).Dispose();
                }
            }
        }
    }

    static int Main(string[] args)
    {
        asm = Assembly.LoadFrom(args[0]);
        replayBytes = File.ReadAllBytes(args[1]);
        verbose = Array.IndexOf(args, "--verbose") >= 0 ? 1 : 0;
        worldT = T("World"); bodyIdT = T("BodyId"); fixExT = T("FixcolException"); replayT = T("ReplayReader");
        foreignWorld = NewWorld(8);
        foreignId = CreateBody(foreignWorld, 10);

        var list = new List<MethodBase>();
        foreach (Type t in asm.GetExportedTypes())
        {
            foreach (MethodInfo m in t.GetMethods(All))
                if (!m.IsAbstract && !m.ContainsGenericParameters) list.Add(m);
            foreach (ConstructorInfo c in t.GetConstructors())
                list.Add(c);
        }
        list.Sort((x, y) => string.CompareOrdinal(Describe(x), Describe(y)));
        foreach (MethodBase m in list)
            SweepMember(m);
        foreach (var kv in outcomes) Console.WriteLine("  " + kv.Key + ": " + kv.Value);
        Console.WriteLine("hostile sweep: " + members + " members, " + calls + " calls, " + failures + " failures");
        if (members < MinMembers)
            Fail("only " + members + " members swept, fewer than MinMembers = " + MinMembers + " (public API lost from the sweep)");
        return failures == 0 ? 0 : 1;
    }
}
