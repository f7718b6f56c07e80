/** The segment area's public module. Its operations reach the dispatch table through `handlers.ts`. */
export { COUNT_LIMITS, type CountLimits, countMatching, segmentSize } from './count';
