// The module app/islands/islands-plugin.ts makes.
declare module "virtual:islands" {
  const files: import("#app/islands/islands-plugin.ts").IslandFiles;
  export default files;
}
