/**
 * The whole catalogue: the shared areas and every feature area. Convenient for the host; an
 * element that wants only its own strings imports `translate.ts` and its `areas/<area>.ts`.
 */
import './areas/account.ts';
import './areas/chat.ts';
import './areas/field.ts';
import './areas/host.ts';

export * from './translate.ts';
