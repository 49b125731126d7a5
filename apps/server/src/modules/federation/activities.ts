import { Create, Update } from '@fedify/vocab';
import { withExtensions } from './objects.ts';

type JsonLdOptions = Parameters<Create['toJsonLd']>[0];

/**
 * `Create` and `Update` of an event that keep its FEP-8a8e properties (decision 073) on the wire:
 * the library compacts an activity with its own context before signing and sending it, which
 * drops the terms its vocabulary does not know (`timezone`, `ical:status`, capacity); these put
 * them back in the compacted form, so the signatures cover them. Deliveries of these are never
 * fanned out through a queued copy (`fanout: 'skip'`), which would be read back without them.
 */
export class CreateEvent extends Create {
  extensions: Record<string, unknown> = {};
  override clone(...args: Parameters<Create['clone']>): CreateEvent {
    const copy = super.clone(...args) as CreateEvent;
    copy.extensions = this.extensions;
    return copy;
  }
  override async toJsonLd(options?: JsonLdOptions): Promise<unknown> {
    const out = await super.toJsonLd(options);
    return options?.format === 'compact' ? withExtensions(out, this.extensions) : out;
  }
}

export class UpdateEvent extends Update {
  extensions: Record<string, unknown> = {};
  override clone(...args: Parameters<Update['clone']>): UpdateEvent {
    const copy = super.clone(...args) as UpdateEvent;
    copy.extensions = this.extensions;
    return copy;
  }
  override async toJsonLd(options?: JsonLdOptions): Promise<unknown> {
    const out = await super.toJsonLd(options);
    return options?.format === 'compact' ? withExtensions(out, this.extensions) : out;
  }
}
