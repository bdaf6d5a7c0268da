// SPDX-License-Identifier: MIT
// The README's server loop (tests/example_server_loop.c) in C#; prints the same lines.
using System;
using Fixcol;

static class ServerLoop
{
    static void Main(string[] args)
    {
        Fix16 step = Fix16.Parse(args.Length > 0 && args[0] == "--break" ? "0.25" : "0.5"); // --break: test twin
        using (var world = new World())                         // 2D, 1024 x 1024 units from (0, 0)
        {
            var player = world.CreateBody(BodyDef.Of(Shape2.MakeCircle(new Vec2(12, 10), 1)));
            world.CreateBody(BodyDef.Of(Shape2.MakeObb(new Vec2(20, 10), new Vec2(1, 8), Angle.FromDegrees(30))));
            var skill = Shape2.MakeCircle(new Vec2(14, 10), 3);  // is anyone inside the skill area?
            var pairs = new Pair[16];                           // reused every frame: no garbage
            var hits = new BodyId[16];
            for (int frame = 0; frame < 16; frame++)
            {
                if (!world.TryTranslate(player, new Vec2(step, 0)))  // inputs: walk right
                    break;                                      // rejected moves change nothing
                int npairs = world.FindPairs(ref pairs);        // exact, sorted by (a, b)
                int nhit = world.Overlap(skill, Filter.Default, ref hits);
                ulong sum = world.Checksum();                   // publish; clients compare
                Console.WriteLine("frame {0,2}: {1} pair(s), {2} in skill area, checksum {3:x16}", frame, npairs, nhit, sum);
            }
        }
    }
}
