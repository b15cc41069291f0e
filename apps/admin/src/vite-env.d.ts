// Build-time values Vite puts into the bundle (see admin-version-plugin.ts).
interface ImportMetaEnv {
  /** This bundle's build id; "dev" on the development server. */
  readonly ADMIN_BUILD_ID: string;
}
