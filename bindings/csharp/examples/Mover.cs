// SPDX-License-Identifier: MIT
// docs/mover.md's platformer and MOBA crowd (tests/example_mover.c) in C#;
// prints the same lines. Values are raw Q16.16 integers (Fix16.FromRaw).
using System;
using Fixcol;

static class MoverExample
{
    const int U = 65536;
    static Fix16 R(int raw) { return Fix16.FromRaw(raw); }
    static BodyId Box(World w, int x0, int y0, int x1, int y1)
    {
        return w.CreateBody(BodyDef.Of(Shape2.FromAabb(new Aabb2(new Vec2(R(x0), R(y0)), new Vec2(R(x1), R(y1))))));
    }

    static void Main()
    {
        using (var w = new World())
        {
            Box(w, 0, 9 * U, 40 * U, 10 * U);                  // the floor, top at y = 10
            Box(w, 13 * U, 10 * U, 16 * U, 10 * U + U / 4);    // a step 0.25 high
            Box(w, 19 * U, 10 * U, 20 * U, 14 * U);            // a wall
            var hero = Box(w, 10 * U, 10 * U + 64, 10 * U + U / 2, 11 * U + 64);
            var def = MoverDef.Default;                         // up +y, 45 degree slopes, skin 16 raw
            def.StepHeight = U * 3 / 10;
            def.SnapDistance = U / 8;
            var r = new MoverResult2();                         // reused: no garbage
            int vy = 0;
            for (int frame = 0; frame < 60; frame++)
            {
                if (frame == 40) vy = U / 3;                    // jump
                vy -= U / 64;                                   // gravity
                w.Move(hero, new Vec2(R(U / 5), R(vy)), def, null, ref r);
                if ((r.Flags & Mover.Grounded) != 0 || ((r.Flags & Mover.Ceiling) != 0 && vy > 0)) vy = 0;
                var s = w.GetShape2(hero);
                Console.WriteLine("platformer {0,2}: x {1} y {2} flags {3}", frame, s.Aabb.Min.X.Raw, s.Aabb.Min.Y.Raw, r.Flags);
            }
        }
        using (var w = new World())
        {
            Box(w, 30 * U, 30 * U, 31 * U, 34 * U);             // two pillars in the middle
            Box(w, 33 * U, 30 * U, 34 * U, 34 * U);
            var heroes = new BodyId[12];
            int[] tx = new int[12], ty = new int[12];
            for (int i = 0; i < 12; i++)                        // a ring; each walks to the far side
            {
                int x = 32 * U + (i % 4 - 2) * 5 * U, y = 32 * U + (i / 4 - 1) * 9 * U;
                heroes[i] = w.CreateBody(BodyDef.Of(Shape2.FromCircle(new Circle(new Vec2(R(x), R(y)), R(U / 2)))));
                tx[i] = 64 * U - x; ty[i] = 64 * U - y;
            }
            var def = MoverDef.Default;                         // top-down: no gravity, no snap, no steps
            var r = new MoverResult2();
            for (int frame = 0; frame < 40; frame++)
            {
                for (int i = 0; i < 12; i++)                    // canonical order: by id
                {
                    var c = w.GetShape2(heroes[i]).Circle.Center;
                    int dx = Math.Max(-U / 4, Math.Min(U / 4, tx[i] - c.X.Raw)); // speed 0.25 per axis
                    int dy = Math.Max(-U / 4, Math.Min(U / 4, ty[i] - c.Y.Raw));
                    w.Move(heroes[i], new Vec2(R(dx), R(dy)), def, null, ref r);
                }
                Console.WriteLine("moba {0,2}: checksum {1:x16}", frame, w.Checksum());
            }
        }
    }
}
