/** Each server file's tables go when the file ends (see reclaimTables); registered first, so it runs after the file's own afterAll. */
import { afterAll } from 'vitest';
import { reclaimTables } from './herald';

afterAll(reclaimTables);
