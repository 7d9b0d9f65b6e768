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

/** The whole record, recursive through `children` (used to check answers and to document them). */
export const RouteRecordSchema: v.GenericSchema<RouteRecord> = v.strictObject({
  path: v.string(),
  name: v.string(),
  component: v.string(),
  hidden: v.boolean(),
  meta: v.strictObject(RouteMetaSchema.entries),
  children: v.optional(v.array(v.lazy(() => RouteRecordSchema))),
});

export const RouteListSchema = v.array(RouteRecordSchema);
