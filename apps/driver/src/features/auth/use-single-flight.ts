// The sign-in pages' single-flight runner lives in lib (the sign-in code modal shares it).
export { useSingleFlight } from '../../lib/use-single-flight.ts';
