import * as v from 'valibot';

export interface RouteMeta {
  title: string;
  icon?: string;
  roles?: string[];
  affix?: boolean;
  noCache?: boolean;
  activeMenu?: string;
}

/** A menu record of `common/get-route`; `component` is the tag of the element that renders it. */
export interface RouteRecord {
  path: string;
  name: string;
  component: string;
  hidden: boolean;
  meta: RouteMeta;
  children?: RouteRecord[];
}

export const RouteMetaSchema = v.object({
  title: v.string(),
  icon: v.optional(v.string()),
  roles: v.optional(v.array(v.string())),
  affix: v.optional(v.boolean()),
  noCache: v.optional(v.boolean()),
  activeMenu: v.optional(v.string()),
});
