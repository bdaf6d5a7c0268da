// SPDX-License-Identifier: MIT
// Must not type-check: a BodyId is not a string and checksum() is a bigint.
import { World, Shape } from 'fixcol';

const w = new World();
const id: string = w.createBody(Shape.circle(0, 0, 65536));
const sum: number = w.checksum();
console.log(id, sum);
