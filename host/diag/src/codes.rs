//! This module owns the one registry of diagnostic codes, for both binaries:
//! every refusal rigc or rig-pose can print is named here, once, and a
//! [`Code`] can only be one of these constants (its field is private), so a
//! code is never spelled at a call site and no two refusals share a name by
//! accident. [`ALL`] lists them; a test holds them unique and well formed
//! (rigc's are dotted, lowercase families: `rig.bone.parent-undeclared`;
//! rig-pose's are `CLEAN_*`/`POSE_*`, as POSE.md names them).

/// A diagnostic's stable machine name: one of this module's constants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code(&'static str);

impl Code {
    /// The name as printed (`= code: …`, and the JSON `code` field).
    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

macro_rules! codes {
    ($($(#[$doc:meta])* $name:ident = $text:literal,)*) => {
        $(
            #[doc = concat!("`", $text, "`")]
            $(#[$doc])*
            pub const $name: Code = Code($text);
        )*
        /// Every code, in the order of this file.
        pub const ALL: &[Code] = &[$($name),*];
    };
}

codes! {
    // Build flags
    // The cache
    CACHE_UNUSABLE = "cache.unusable",
    // Issue 14, items 3, 4, 8 and 9 (i14-cache): a cache entry or plugin copy
    // that is not what its name says, and a plugin library that cannot be
    // mapped whole.
    CACHE_CORRUPT = "cache.corrupt",
    PLUGIN_COPY_CORRUPT = "plugin.copy-corrupt",
    // Issue 18: the remote cache — a server that cannot serve (down, slow,
    // 5xx, refusing), an answer that is not what its name says, and a
    // remote-cache setting that is not a usable URL.
    CACHE_REMOTE_UNAVAILABLE = "cache.remote-unavailable",
    CACHE_REMOTE_CORRUPT = "cache.remote-corrupt",
    CACHE_REMOTE_URL = "cache.remote-url",
    PLUGIN_MALFORMED = "plugin.malformed",
    PLUGIN_TRUNCATED = "plugin.truncated",
    // Compiler defects named as such
    COMPILE_BOUNDS = "compile.bounds",
    // The project file (`rigc.toml`)
    CONFIG_DUPLICATE_TARGET = "config.duplicate-target",
    CONFIG_INVALID = "config.invalid",
    CONFIG_MISSING_FILE = "config.missing-file",
    CONFIG_PATH_ESCAPES_PROJECT = "config.path-escapes-project",
    CONFIG_PROFILE = "config.profile",
    CONFIG_TARGET_NAME = "config.target-name",
    CONFIG_TARGET_OUT = "config.target-out",
    CONFIG_UNREADABLE = "config.unreadable",
    // Issue #14 item 12: rigc.toml refusals with their place — not UTF-8 (at the
    // first bad byte), a path that names the wrong kind of thing (a directory
    // for a spec, a file for `out`), a `[[target]]` header that is missing
    CONFIG_NOT_UTF8 = "config.not-utf8",
    CONFIG_NOT_A_FILE = "config.not-a-file",
    CONFIG_NOT_A_DIRECTORY = "config.not-a-directory",
    CONFIG_TARGET_HEADER_MISSING = "config.target-header-missing",
    // Part images
    IMAGE_CORRUPT = "image.corrupt",
    IMAGE_NOT_PNG = "image.not-png",
    IMAGE_TRUNCATED = "image.truncated",
    IMAGE_UNREADABLE = "image.unreadable",
    // Issue #14 item 7: a PNG whose header declares a side beyond
    // rigc_sdk::png_image::MAX_SIDE, refused before it is decoded
    IMAGE_TOO_LARGE = "image.too-large",
    // The motion spec (`rigc-motion/1`)
    MOTION_ANIMATION_DURATION = "motion.animation.duration",
    MOTION_ANIMATION_DURATION_MISMATCH = "motion.animation.duration-mismatch",
    MOTION_ANIMATION_DURATION_NEGATIVE = "motion.animation.duration-negative",
    MOTION_ANIMATION_EMPTY_NAME = "motion.animation.empty-name",
    MOTION_ANIMATION_LOOP = "motion.animation.loop",
    MOTION_ANIMATION_SHAPE = "motion.animation.shape",
    MOTION_ANIMATION_TRACKS = "motion.animation.tracks",
    MOTION_ANIMATIONS_SHAPE = "motion.animations.shape",
    MOTION_ARCHETYPE = "motion.archetype",
    MOTION_ARCHETYPE_MISMATCH = "motion.archetype-mismatch",
    MOTION_CONSTRAINT_KEY_FIELD_SHAPE = "motion.constraint-key.field-shape",
    MOTION_CONSTRAINT_TRACK_CONSTRAINT = "motion.constraint-track.constraint",
    MOTION_CONSTRAINT_TRACK_KEYS_SHAPE = "motion.constraint-track.keys-shape",
    MOTION_CONSTRAINT_TRACK_SHAPE = "motion.constraint-track.shape",
    MOTION_CONSTRAINT_DUPLICATE = "motion.constraint.duplicate",
    MOTION_CONSTRAINT_FIELD_NOT_UNIFORM = "motion.constraint.field-not-uniform",
    MOTION_CONSTRAINT_NO_KEYS = "motion.constraint.no-keys",
    MOTION_CONSTRAINT_RANGE = "motion.constraint.range",
    MOTION_CONSTRAINT_TYPE_MISMATCH = "motion.constraint.type-mismatch",
    MOTION_CONSTRAINT_UNKNOWN = "motion.constraint.unknown",
    MOTION_CUT = "motion.cut",
    MOTION_DRAW_ORDER_COLLISION = "motion.draw-order.collision",
    MOTION_DRAW_ORDER_KEY_SHAPE = "motion.draw-order.key-shape",
    MOTION_DRAW_ORDER_NO_KEYS = "motion.draw-order.no-keys",
    MOTION_DRAW_ORDER_OFFSET_NOT_WHOLE = "motion.draw-order.offset-not-whole",
    MOTION_DRAW_ORDER_OFFSET_SHAPE = "motion.draw-order.offset-shape",
    MOTION_DRAW_ORDER_OFFSETS_SHAPE = "motion.draw-order.offsets-shape",
    MOTION_DRAW_ORDER_OUT_OF_RANGE = "motion.draw-order.out-of-range",
    MOTION_DRAW_ORDER_SHAPE = "motion.draw-order.shape",
    MOTION_DRAW_ORDER_SLOT_TWICE = "motion.draw-order.slot-twice",
    MOTION_DRAW_ORDER_UNKNOWN_SLOT = "motion.draw-order.unknown-slot",
    MOTION_EASING_BUILTIN_NAME = "motion.easing.builtin-name",
    MOTION_EASING_SHAPE = "motion.easing.shape",
    MOTION_EASINGS_SHAPE = "motion.easings.shape",
    MOTION_EVENT_AUDIO_LESS = "motion.event.audio-less",
    MOTION_EVENT_KEY_SHAPE = "motion.event.key-shape",
    MOTION_EVENT_NO_KEYS = "motion.event.no-keys",
    MOTION_EVENT_NO_NAME = "motion.event.no-name",
    MOTION_EVENT_UNDECLARED = "motion.event.undeclared",
    MOTION_EVENTS_SHAPE = "motion.events.shape",
    MOTION_GROUP_DUPLICATE_MEMBER = "motion.group.duplicate-member",
    MOTION_GROUP_EMPTY = "motion.group.empty",
    MOTION_GROUP_MEMBER_SHAPE = "motion.group.member-shape",
    MOTION_GROUP_SHAPE = "motion.group.shape",
    MOTION_GROUPS_SHAPE = "motion.groups.shape",
    MOTION_KEY_ATTACHMENT_UNKNOWN = "motion.key.attachment-unknown",
    MOTION_KEY_CHANNEL_RANGE = "motion.key.channel-range",
    MOTION_KEY_CURVE_LENGTH = "motion.key.curve-length",
    MOTION_KEY_CURVE_SHAPE = "motion.key.curve-shape",
    MOTION_KEY_CURVE_TIME_OUTSIDE = "motion.key.curve-time-outside",
    MOTION_KEY_CURVE_VALUE = "motion.key.curve-value",
    MOTION_KEY_EASE_AND_CURVE = "motion.key.ease-and-curve",
    MOTION_KEY_EASE_SHAPE = "motion.key.ease-shape",
    MOTION_KEY_INHERIT_UNKNOWN = "motion.key.inherit-unknown",
    MOTION_KEY_INSTANT_EASED = "motion.key.instant-eased",
    MOTION_KEY_LAST_EASED = "motion.key.last-eased",
    MOTION_KEY_PAST_DURATION = "motion.key.past-duration",
    MOTION_KEY_SHAPE = "motion.key.shape",
    MOTION_KEY_TIME_FLOAT32 = "motion.key.time-float32",
    MOTION_KEY_TIME_ORDER = "motion.key.time-order",
    MOTION_KEY_TIME_SHAPE = "motion.key.time-shape",
    MOTION_KEY_UNKNOWN_EASING = "motion.key.unknown-easing",
    MOTION_KEY_VALUE_MAP_MISSING_MEMBER = "motion.key.value-map-missing-member",
    MOTION_KEY_VALUE_MAP_SINGLE_TARGET = "motion.key.value-map-single-target",
    MOTION_KEY_VALUE_MAP_UNKNOWN_MEMBER = "motion.key.value-map-unknown-member",
    MOTION_KEY_VALUE_SHAPE = "motion.key.value-shape",
    MOTION_MIX_DEFAULT = "motion.mix.default",
    MOTION_MIX_PAIR = "motion.mix.pair",
    MOTION_MIX_PAIR_DUPLICATE = "motion.mix.pair-duplicate",
    MOTION_MIX_PAIR_UNKNOWN_ANIMATION = "motion.mix.pair-unknown-animation",
    MOTION_MIX_PAIRS = "motion.mix.pairs",
    MOTION_MIX_SHAPE = "motion.mix.shape",
    MOTION_NOT_OBJECT = "motion.not-object",
    MOTION_NOTE = "motion.note",
    MOTION_SETUP_ATTACHMENT_SHAPE = "motion.setup.attachment-shape",
    MOTION_SETUP_COLOR_SHAPE = "motion.setup.color-shape",
    MOTION_SETUP_ENTRY_SHAPE = "motion.setup.entry-shape",
    MOTION_SETUP_SHAPE = "motion.setup.shape",
    MOTION_SLIDER_PROPERTY_UNKNOWN = "motion.slider.property-unknown",
    MOTION_SLIDER_UNDECLARED = "motion.slider.undeclared",
    MOTION_SPEC_VERSION = "motion.spec-version",
    MOTION_TRACK_CONSTRAINT_PROPERTY = "motion.track.constraint-property",
    MOTION_TRACK_DARK_WITHOUT_SLOT_DARK = "motion.track.dark-without-slot-dark",
    MOTION_TRACK_DUPLICATE = "motion.track.duplicate",
    MOTION_TRACK_KEYS_SHAPE = "motion.track.keys-shape",
    MOTION_TRACK_LAG = "motion.track.lag",
    MOTION_TRACK_NO_KEYS = "motion.track.no-keys",
    MOTION_TRACK_NO_TARGET = "motion.track.no-target",
    MOTION_TRACK_PROPERTY_MISMATCH = "motion.track.property-mismatch",
    MOTION_TRACK_PROPERTY_SHAPE = "motion.track.property-shape",
    MOTION_TRACK_SEVERAL_TARGETS = "motion.track.several-targets",
    MOTION_TRACK_SHAPE = "motion.track.shape",
    MOTION_TRACK_STAGGER = "motion.track.stagger",
    MOTION_TRACK_TARGET_SHAPE = "motion.track.target-shape",
    MOTION_TRACK_UNKNOWN_BONE = "motion.track.unknown-bone",
    MOTION_TRACK_UNKNOWN_GROUP = "motion.track.unknown-group",
    MOTION_TRACK_UNKNOWN_PROPERTY = "motion.track.unknown-property",
    MOTION_TRACK_UNKNOWN_SLOT = "motion.track.unknown-slot",
    // Issue #15 item 3: a key's `derive` model (FORMAT.md §3.9) — its shape, and
    // what the animation stage refuses of it
    MOTION_KEY_DERIVE_SHAPE = "motion.key.derive-shape",
    MOTION_KEY_DERIVE_KIND = "motion.key.derive-kind",
    MOTION_KEY_DERIVE_NUMBER = "motion.key.derive-number",
    MOTION_KEY_DERIVE_DEPTH = "motion.key.derive-depth",
    MOTION_KEY_DERIVE_AND_VALUE = "motion.key.derive-and-value",
    MOTION_KEY_DERIVE_NO_PROJECTION = "motion.key.derive-no-projection",
    MOTION_KEY_DERIVE_DEPTH_FORM = "motion.key.derive-depth-form",
    MOTION_KEY_DERIVE_UNKNOWN_MEMBER = "motion.key.derive-unknown-member",
    MOTION_KEY_DERIVE_MISSING_DEPTH = "motion.key.derive-missing-depth",
    MOTION_KEY_DERIVE_PARENTS = "motion.key.derive-parents",
    MOTION_KEY_DERIVE_SCALE_DEPTH = "motion.key.derive-scale-depth",
    MOTION_KEY_DERIVE_SCALE_CARRIED = "motion.key.derive-scale-carried",
    MOTION_KEY_DERIVE_PAST_EDGE = "motion.key.derive-past-edge",
    MOTION_KEY_DERIVE_BEYOND_FLOAT32 = "motion.key.derive-beyond-float32",
    // Issue 15 item 2 (deform): deform timelines, their shape (FORMAT.md
    // §3.14), their compile against the setup, and the kind plugins that
    // evaluate a `transform` (§3.14.1).
    MOTION_DEFORM_SHAPE = "motion.deform.shape",
    MOTION_DEFORM_TRACK_SHAPE = "motion.deform.track-shape",
    MOTION_DEFORM_START_SHAPE = "motion.deform.start-shape",
    MOTION_DEFORM_ODD_OFFSET = "motion.deform.odd-offset",
    MOTION_DEFORM_TWO_STARTS = "motion.deform.two-starts",
    MOTION_DEFORM_START_WITHOUT_RUN = "motion.deform.start-without-run",
    MOTION_DEFORM_VERTICES_SHAPE = "motion.deform.vertices-shape",
    MOTION_DEFORM_VERTICES_VALUE = "motion.deform.vertices-value",
    MOTION_DEFORM_VERTICES_ODD = "motion.deform.vertices-odd",
    MOTION_DEFORM_TRANSFORM_SHAPE = "motion.deform.transform-shape",
    MOTION_DEFORM_TRANSFORM_AND_VERTICES = "motion.deform.transform-and-vertices",
    MOTION_DEFORM_UNKNOWN_SKIN = "motion.deform.unknown-skin",
    MOTION_DEFORM_SLOT_EMPTY = "motion.deform.slot-empty",
    MOTION_DEFORM_UNKNOWN_ATTACHMENT = "motion.deform.unknown-attachment",
    MOTION_DEFORM_NOT_DEFORMABLE = "motion.deform.not-deformable",
    MOTION_DEFORM_DUPLICATE = "motion.deform.duplicate",
    MOTION_DEFORM_NO_KEYS = "motion.deform.no-keys",
    MOTION_DEFORM_OVERRUN = "motion.deform.overrun",
    MOTION_DEFORM_FROM_VERTEX_PAST = "motion.deform.from-vertex-past",
    MOTION_DEFORM_FROM_VERTEX_WEIGHTED = "motion.deform.from-vertex-weighted",
    MOTION_DEFORM_TRANSFORM_START = "motion.deform.transform-start",
    MOTION_DEFORM_DEPTH_MAP = "motion.deform.depth-map",
    MOTION_DEFORM_KIND_UNKNOWN = "motion.deform.kind-unknown",
    MOTION_DEFORM_KIND_REFUSED = "motion.deform.kind-refused",
    MOTION_DEFORM_KIND_FAILED = "motion.deform.kind-failed",
    // Paths a spec names
    PATH_ESCAPES_PROJECT = "path.escapes-project",
    PATH_MISSING = "path.missing",
    PATH_UNREADABLE = "path.unreadable",
    // Plugins
    PLUGIN_ABI_MISMATCH = "plugin.abi-mismatch",
    PLUGIN_DUPLICATE_CLAIM = "plugin.duplicate-claim",
    PLUGIN_EMIT_FAILED = "plugin.emit-failed",
    PLUGIN_MANIFEST_MALFORMED = "plugin.manifest-malformed",
    PLUGIN_MISSING = "plugin.missing",
    PLUGIN_NO_EMITTER = "plugin.no-emitter",
    PLUGIN_NO_ENTRY = "plugin.no-entry",
    PLUGIN_NOT_A_LIBRARY = "plugin.not-a-library",
    PLUGIN_UNREADABLE = "plugin.unreadable",
    // The rig spec (`rigc-rig/1`)
    RIG_ATTACHMENT_IMAGE_EMPTY = "rig.attachment.image-empty",
    RIG_ATTACHMENT_NOT_AN_OBJECT = "rig.attachment.not-an-object",
    RIG_ATTACHMENT_REGION_SIZE = "rig.attachment.region-size",
    RIG_ATTACHMENT_TYPE_NOT_A_STRING = "rig.attachment.type-not-a-string",
    RIG_ATTACHMENT_TYPE_UNKNOWN = "rig.attachment.type-unknown",
    // Issue #16 item 6: clipping attachments, linked meshes, sequences
    RIG_CLIPPING_END_UNKNOWN = "rig.clipping.end-unknown",
    RIG_LINKED_GEOMETRY = "rig.linked.geometry",
    RIG_LINKED_SOURCE_MISSING = "rig.linked.source-missing",
    RIG_LINKED_SOURCE_UNKNOWN = "rig.linked.source-unknown",
    RIG_LINKED_SOURCE_NOT_A_MESH = "rig.linked.source-not-a-mesh",
    RIG_SEQUENCE_NOT_AN_OBJECT = "rig.sequence.not-an-object",
    RIG_SEQUENCE_COUNT = "rig.sequence.count",
    RIG_SEQUENCE_NOT_WHOLE = "rig.sequence.not-whole",
    RIG_SEQUENCE_TOO_LARGE = "rig.sequence.too-large",
    RIG_SEQUENCE_SETUP_RANGE = "rig.sequence.setup-out-of-range",
    RIG_SEQUENCE_WITH_IMAGE = "rig.sequence.with-image",
    RIG_SEQUENCE_WITH_GENERATOR = "rig.sequence.with-generator",
    RIG_SEQUENCE_STEM_DIRECTORY = "rig.sequence.stem-has-directory",
    IMAGE_SEQUENCE_FRAME_MISSING = "image.sequence-frame-missing",
    MOTION_DEFORM_LINKED_MESH = "motion.deform.linked-mesh",
    RIG_BONE_DUPLICATE = "rig.bone.duplicate",
    RIG_BONE_FROM_NEEDS_MANIFEST = "rig.bone.from-needs-manifest",
    RIG_BONE_FROM_NOT_AN_OBJECT = "rig.bone.from-not-an-object",
    RIG_BONE_INHERIT_UNKNOWN = "rig.bone.inherit-unknown",
    RIG_BONE_NAME_MISSING = "rig.bone.name-missing",
    RIG_BONE_NOT_AN_OBJECT = "rig.bone.not-an-object",
    RIG_BONE_PARENT_UNDECLARED = "rig.bone.parent-undeclared",
    RIG_BONE_SECOND_ROOT = "rig.bone.second-root",
    RIG_BONE_SKIN_NEVER_ACTIVATED = "rig.bone.skin-never-activated",
    RIG_BONES_MISSING = "rig.bones.missing",
    RIG_CONSTRAINT_BONE_NOT_A_NAME = "rig.constraint.bone-not-a-name",
    RIG_CONSTRAINT_BONE_REF_MISSING = "rig.constraint.bone-ref-missing",
    RIG_CONSTRAINT_BONE_UNDECLARED = "rig.constraint.bone-undeclared",
    RIG_CONSTRAINT_BONES_MISSING = "rig.constraint.bones-missing",
    RIG_CONSTRAINT_DUPLICATE = "rig.constraint.duplicate",
    RIG_CONSTRAINT_IK_BONE_COUNT = "rig.constraint.ik-bone-count",
    RIG_CONSTRAINT_NAME_MISSING = "rig.constraint.name-missing",
    RIG_CONSTRAINT_NOT_AN_OBJECT = "rig.constraint.not-an-object",
    RIG_CONSTRAINT_PROPERTIES_NOT_AN_OBJECT = "rig.constraint.properties-not-an-object",
    RIG_CONSTRAINT_PROPERTY_NOT_AN_OBJECT = "rig.constraint.property-not-an-object",
    RIG_CONSTRAINT_PROPERTY_TO_EMPTY = "rig.constraint.property-to-empty",
    RIG_CONSTRAINT_PROPERTY_UNKNOWN = "rig.constraint.property-unknown",
    RIG_CONSTRAINT_SCALE_Y_UNKNOWN = "rig.constraint.scale-y-unknown",
    RIG_CONSTRAINT_SKIN_NEVER_ACTIVATED = "rig.constraint.skin-never-activated",
    RIG_CONSTRAINT_TYPE_MISSING = "rig.constraint.type-missing",
    RIG_CONSTRAINT_TYPE_NOT_A_STRING = "rig.constraint.type-not-a-string",
    RIG_CONSTRAINT_TYPE_UNKNOWN = "rig.constraint.type-unknown",
    RIG_CONSTRAINTS_NOT_AN_ARRAY = "rig.constraints.not-an-array",
    RIG_EVENT_EMPTY_NAME = "rig.event.empty-name",
    RIG_EVENT_INT_NOT_AN_INTEGER = "rig.event.int-not-an-integer",
    RIG_EVENT_NOT_AN_OBJECT = "rig.event.not-an-object",
    RIG_EVENT_PAYLOAD_TYPE = "rig.event.payload-type",
    RIG_EVENT_PAYLOAD_WITHOUT_AUDIO = "rig.event.payload-without-audio",
    RIG_EVENTS_NOT_AN_OBJECT = "rig.events.not-an-object",
    RIG_FIELD_BAD_COLOR = "rig.field.bad-color",
    RIG_FIELD_NOT_A_BOOL = "rig.field.not-a-bool",
    RIG_FIELD_NOT_A_COUNT = "rig.field.not-a-count",
    RIG_FIELD_NOT_A_NAME = "rig.field.not-a-name",
    RIG_FIELD_NOT_A_NAME_LIST = "rig.field.not-a-name-list",
    RIG_FIELD_NOT_A_NUMBER = "rig.field.not-a-number",
    RIG_FIELD_NOT_A_STRING = "rig.field.not-a-string",
    RIG_GEOMETRY_BINDING_INCOMPLETE = "rig.geometry.binding-incomplete",
    RIG_GEOMETRY_BINDING_NOT_AN_OBJECT = "rig.geometry.binding-not-an-object",
    RIG_GEOMETRY_BONE_INDEXING = "rig.geometry.bone-indexing",
    RIG_GEOMETRY_BONE_UNDECLARED = "rig.geometry.bone-undeclared",
    RIG_GEOMETRY_MISSING = "rig.geometry.missing",
    RIG_GEOMETRY_RAW_BONE_COUNT = "rig.geometry.raw-bone-count",
    RIG_GEOMETRY_RAW_BONE_INDEX = "rig.geometry.raw-bone-index",
    RIG_GEOMETRY_RAW_READS_UNWEIGHTED = "rig.geometry.raw-reads-unweighted",
    RIG_GEOMETRY_RAW_TRUNCATED = "rig.geometry.raw-truncated",
    RIG_GEOMETRY_RAW_VERTEX_COUNT = "rig.geometry.raw-vertex-count",
    RIG_GEOMETRY_RAW_WITH_WEIGHTS = "rig.geometry.raw-with-weights",
    RIG_GEOMETRY_VERTEX_COUNT = "rig.geometry.vertex-count",
    RIG_GEOMETRY_VERTEX_COUNT_MISSING = "rig.geometry.vertex-count-missing",
    RIG_GEOMETRY_VERTEX_UNBOUND = "rig.geometry.vertex-unbound",
    RIG_GEOMETRY_VERTICES_AND_WEIGHTS = "rig.geometry.vertices-and-weights",
    RIG_GEOMETRY_VERTICES_LENGTH = "rig.geometry.vertices-length",
    RIG_GEOMETRY_VERTICES_NOT_AN_ARRAY = "rig.geometry.vertices-not-an-array",
    RIG_GEOMETRY_WEIGHTS_COUNT = "rig.geometry.weights-count",
    RIG_GEOMETRY_WEIGHTS_NOT_AN_ARRAY = "rig.geometry.weights-not-an-array",
    RIG_INVARIANTS_BONE_UNDECLARED = "rig.invariants.bone-undeclared",
    RIG_INVARIANTS_CONSTRAINT_UNDECLARED = "rig.invariants.constraint-undeclared",
    RIG_INVARIANTS_DUPLICATE = "rig.invariants.duplicate",
    RIG_INVARIANTS_ENTRY_INCOMPLETE = "rig.invariants.entry-incomplete",
    RIG_INVARIANTS_ENTRY_NOT_AN_OBJECT = "rig.invariants.entry-not-an-object",
    RIG_INVARIANTS_MIX_TYPE = "rig.invariants.mix-type",
    RIG_INVARIANTS_NOT_AN_ARRAY = "rig.invariants.not-an-array",
    RIG_INVARIANTS_NOT_AN_OBJECT = "rig.invariants.not-an-object",
    RIG_INVARIANTS_RETIRED = "rig.invariants.retired",
    RIG_INVARIANTS_SLOT_HAS_NO_MESH = "rig.invariants.slot-has-no-mesh",
    RIG_INVARIANTS_SLOT_UNDECLARED = "rig.invariants.slot-undeclared",
    RIG_INVARIANTS_WHY_MISSING = "rig.invariants.why-missing",
    RIG_NAME_MISSING = "rig.name-missing",
    RIG_NOT_AN_OBJECT = "rig.not-an-object",
    RIG_SKELETON_HALF_NULL_STAGE = "rig.skeleton.half-null-stage",
    RIG_SKELETON_HALF_STAGE = "rig.skeleton.half-stage",
    RIG_SKELETON_NOT_AN_OBJECT = "rig.skeleton.not-an-object",
    RIG_SKELETON_ORIGIN_WITHOUT_STAGE = "rig.skeleton.origin-without-stage",
    RIG_SKELETON_STAGE_NOT_POSITIVE = "rig.skeleton.stage-not-positive",
    RIG_SKIN_ATTACHMENTS_NOT_AN_OBJECT = "rig.skin.attachments-not-an-object",
    RIG_SKIN_BONE_NOT_SKIN_REQUIRED = "rig.skin.bone-not-skin-required",
    RIG_SKIN_BONE_UNDECLARED = "rig.skin.bone-undeclared",
    RIG_SKIN_CONSTRAINT_NOT_SKIN_REQUIRED = "rig.skin.constraint-not-skin-required",
    RIG_SKIN_CONSTRAINT_UNDECLARED = "rig.skin.constraint-undeclared",
    RIG_SKIN_CONSTRAINT_WRONG_TYPE = "rig.skin.constraint-wrong-type",
    RIG_SKIN_LISTED_TWICE = "rig.skin.listed-twice",
    RIG_SKIN_LONG_FORM_STRAY_KEY = "rig.skin.long-form-stray-key",
    RIG_SKIN_NOT_AN_OBJECT = "rig.skin.not-an-object",
    RIG_SKIN_SLOT_NOT_AN_OBJECT = "rig.skin.slot-not-an-object",
    RIG_SKIN_SLOT_UNDECLARED = "rig.skin.slot-undeclared",
    RIG_SKINS_NOT_AN_OBJECT = "rig.skins.not-an-object",
    RIG_SLOT_ATTACHMENT_TYPE = "rig.slot.attachment-type",
    RIG_SLOT_BLEND_UNKNOWN = "rig.slot.blend-unknown",
    RIG_SLOT_BONE_MISSING = "rig.slot.bone-missing",
    RIG_SLOT_BONE_UNDECLARED = "rig.slot.bone-undeclared",
    RIG_SLOT_DUPLICATE = "rig.slot.duplicate",
    RIG_SLOT_NAME_MISSING = "rig.slot.name-missing",
    RIG_SLIDER_ANIMATION_MISSING = "rig.slider.animation-missing",
    RIG_SLIDER_ANIMATION_UNDECLARED = "rig.slider.animation-undeclared",
    RIG_SLIDER_BONE_AND_TIME = "rig.slider.bone-and-time",
    RIG_SLIDER_FIELD_WITHOUT_BONE = "rig.slider.field-without-bone",
    RIG_SLIDER_PROPERTY_UNKNOWN = "rig.slider.property-unknown",
    RIG_SLIDER_SCALE_ZERO = "rig.slider.scale-zero",
    RIG_SLIDER_WORLD_ROTATION_WRAPS = "rig.slider.world-rotation-wraps",
    RIG_SLOT_NOT_AN_OBJECT = "rig.slot.not-an-object",
    RIG_SLOT_RESERVED_NAME = "rig.slot.reserved-name",
    RIG_SLOTS_MISSING = "rig.slots.missing",
    RIG_SPEC_VERSION = "rig.spec-version",
    // Issue #15 item 1: an authored mesh (FORMAT.md §2.7.2)
    RIG_MESH_EDGES = "rig.mesh.edges",
    RIG_MESH_GENERATOR_AND_GEOMETRY = "rig.mesh.generator-and-geometry",
    RIG_MESH_INCOMPLETE = "rig.mesh.incomplete",
    RIG_MESH_SIZE = "rig.mesh.size",
    RIG_MESH_TOPOLOGY = "rig.mesh.topology",
    RIG_MESH_TRIANGLE_INDEX = "rig.mesh.triangle-index",
    RIG_MESH_TRIANGLES_NOT_AN_ARRAY = "rig.mesh.triangles-not-an-array",
    RIG_MESH_UVS = "rig.mesh.uvs",
    RIG_MESH_VERTICES_AND_WEIGHTS = "rig.mesh.vertices-and-weights",
    RIG_MESH_WEIGHTED_RUN = "rig.mesh.weighted-run",
    RIG_MESH_WEIGHTS_COUNT = "rig.mesh.weights-count",
    // The setup stage
    SETUP_ATTACHMENT_UNKNOWN = "setup.attachment-unknown",
    SETUP_BONE_UNRESOLVED = "setup.bone-unresolved",
    SETUP_DUPLICATE_REGION = "setup.duplicate-region",
    SETUP_IMAGE_UNMEASURED = "setup.image-unmeasured",
    SETUP_NO_SETUP_POSE = "setup.no-setup-pose",
    SETUP_NO_STAGE_SIZE = "setup.no-stage-size",
    SETUP_REGION_SIZE = "setup.region-size",
    SETUP_SLOT_UNDECLARED = "setup.slot-undeclared",
    SETUP_TWO_AUTHORS = "setup.two-authors",
    SETUP_TWO_COLOUR_AUTHORS = "setup.two-colour-authors",
    // Issue #15 item 1: an authored mesh with no size to draw on
    SETUP_MESH_SIZE = "setup.mesh-size",
    // Issue #16 item 4: physics constraints (rig, motion table, timelines)
    RIG_CONSTRAINT_PHYSICS_NO_COMPONENT = "rig.constraint.physics-no-component",
    MOTION_PHYSICS_SHAPE = "motion.physics.shape",
    MOTION_PHYSICS_EMPTY_NAME = "motion.physics.empty-name",
    MOTION_PHYSICS_BONE = "motion.physics.bone",
    MOTION_PHYSICS_FIELD = "motion.physics.field",
    MOTION_PHYSICS_NO_COMPONENT = "motion.physics.no-component",
    SETUP_PHYSICS_DECLARED_TWICE = "setup.physics.declared-twice",
    SETUP_PHYSICS_UNKNOWN_BONE = "setup.physics.unknown-bone",
    MOTION_PHYSICS_TIMELINE_UNKNOWN = "motion.physics.timeline-unknown",
    MOTION_PHYSICS_GLOBAL_REACHES_NONE = "motion.physics.global-reaches-none",
    MOTION_PHYSICS_RESET_VALUE = "motion.physics.reset-value",
    MOTION_PHYSICS_KEY_PER_MEMBER = "motion.physics.key-per-member",
    // Reading a spec file
    SPEC_JSON_SYNTAX = "spec.json-syntax",
    SPEC_NOT_UTF8 = "spec.not-utf8",
    // Issue #14 item 5: a spec number no float32 holds (refused at parse time,
    // whichever field it is in), and a compiled number that overflowed it
    SPEC_NUMBER_BEYOND_FLOAT32 = "spec.number-beyond-float32",
    COMPILE_NUMBER_BEYOND_FLOAT32 = "compile.number-beyond-float32",
    SPEC_UNKNOWN_KEY = "spec.unknown-key",
    SPEC_UNREADABLE = "spec.unreadable",
    // watch
    WATCH_INTERNAL = "watch.internal",
    // Writing a green build
    WRITE_FAILED = "write.failed",
    WRITE_OUT_ESCAPES_PROJECT = "write.out-escapes-project",
    // Issue #16 item 3: path attachments, path constraints, path timelines
    RIG_PATH_VERTEX_COUNT = "rig.path.vertex-count",
    RIG_PATH_LENGTHS_AUTHORED = "rig.path.lengths-authored",
    RIG_PATH_MODE_UNKNOWN = "rig.path.mode-unknown",
    RIG_PATH_SLOT_MISSING = "rig.path.slot-missing",
    RIG_PATH_SLOT_UNDECLARED = "rig.path.slot-undeclared",
    RIG_PATH_SLOT_HAS_NO_PATH = "rig.path.slot-has-no-path",
    SETUP_PATH_ZERO_LENGTH = "setup.path-zero-length",
    SETUP_PATH_UNMEASURED = "setup.path-unmeasured",
    MOTION_PATH_TRACK_SHAPE = "motion.path.track-shape",
    MOTION_PATH_PROPERTY_UNKNOWN = "motion.path.property-unknown",
    MOTION_PATH_VALUE_SHAPE = "motion.path.value-shape",
    // Issue #16: generated meshes (FORMAT.md §2.7.3-§2.7.5)
    RIG_GENERATOR_SHAPE = "rig.generator.shape",
    RIG_GENERATOR_NO_IMAGE = "rig.generator.no-image",
    RIG_GENERATOR_LATTICE = "rig.generator.lattice",
    RIG_GENERATOR_CONTOUR = "rig.generator.contour",
    RIG_GENERATOR_DEPTH = "rig.generator.depth",
    RIG_GENERATOR_SOFT = "rig.generator.soft",
    RIG_GENERATOR_SEGMENTS = "rig.generator.segments",
    RIG_GENERATOR_MESH_SLOTS = "rig.generator.mesh-slots",
    MESHGEN_REFUSED = "meshgen.refused",
    MESHGEN_SOFT_BONE = "meshgen.soft-bone",
    RIG_GENERATOR_RING = "rig.generator.ring",
    MESHGEN_RING_CONTROL = "meshgen.ring-control",
    RIG_GENERATOR_RIBBON = "rig.generator.ribbon",
    MESHGEN_RIBBON_CHAIN = "meshgen.ribbon-chain",
    MESHGEN_SEGMENTS_BONE = "meshgen.segments-bone",
    // rig-pose clean (POSE.md)
    CLEAN_LOOP = "CLEAN_LOOP",
    CLEAN_SHORT = "CLEAN_SHORT",
    CLEAN_TWICE = "CLEAN_TWICE",
    CLEAN_WINDOW = "CLEAN_WINDOW",
    // rig-pose: reading and writing a pose sequence
    POSE_FIELD = "POSE_FIELD",
    POSE_FRAMES = "POSE_FRAMES",
    POSE_JOINT = "POSE_JOINT",
    POSE_JSON = "POSE_JSON",
    POSE_NUMBER = "POSE_NUMBER",
    POSE_PERSON = "POSE_PERSON",
    POSE_READ = "POSE_READ",
    POSE_SPEC = "POSE_SPEC",
    POSE_STATE = "POSE_STATE",
    POSE_TIMES = "POSE_TIMES",
    POSE_TRUNK = "POSE_TRUNK",
    POSE_WRITE = "POSE_WRITE",
    // Issue 16, item 7 (pack): `--pack`'s refusals.
    BUILD_PACK_PART_TOO_BIG = "build.pack.part-too-big",
    BUILD_PACK_PART_UNDECODABLE = "build.pack.part-undecodable",
    // Issue 16, item 7 (pack): `--atlas-in`'s refusals.
    BUILD_ATLAS_IN_UNREADABLE = "build.atlas-in.unreadable",
    BUILD_ATLAS_IN_MALFORMED = "build.atlas-in.malformed",
    BUILD_ATLAS_IN_NO_REGION = "build.atlas-in.no-region",
    BUILD_ATLAS_IN_SIZE = "build.atlas-in.size",
    BUILD_ATLAS_IN_PAGE_MISSING = "build.atlas-in.page-missing",
    BUILD_ATLAS_IN_OFF_PAGE = "build.atlas-in.off-page",
    // A `[[target]]`'s atlas layout keys (`pack`, `page_size`, `padding`,
    // `page_edges`, `atlas_in`), refused at the rigc.toml value.
    CONFIG_PACK_ONLY = "config.pack-only",
    CONFIG_PACK_AND_ATLAS_IN = "config.pack-and-atlas-in",
    CONFIG_PAGE_EDGES = "config.page-edges",
    CONFIG_PAGE_SIZE = "config.page-size",
    // `--atlas-in` beside a mesh generator: a region whose pixels cannot be
    // lifted off its page, refused at the generator block.
    BUILD_ATLAS_IN_GENERATOR_ROTATED = "build.atlas-in.generator-rotated",
    BUILD_ATLAS_IN_GENERATOR_SCALED = "build.atlas-in.generator-scaled",
    BUILD_ATLAS_IN_UNLIFTABLE = "build.atlas-in.unliftable",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_unique_and_well_formed() {
        let mut seen = std::collections::BTreeSet::new();
        for code in ALL {
            let s = code.as_str();
            assert!(seen.insert(s), "{s} is registered twice");
            let dotted = s.contains('.')
                && s.split('.').all(|part| {
                    !part.is_empty()
                        && part
                            .chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                });
            let pose = (s.starts_with("CLEAN_") || s.starts_with("POSE_"))
                && s.chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
            assert!(
                dotted || pose,
                "{s} is neither a dotted rigc code nor a rig-pose code"
            );
        }
        assert!(ALL.len() > 100, "the registry holds every code");
    }
}
