// Drawing in world coordinates for the 3D scenes (chapters 07-10 and
// chapter 01's Lorenz scene). A scene's draw3D records geometry here; the view
// renders it with OpenGL and a depth buffer before the ImGui pass, so curves
// pass behind bodies and bodies hide each other. Solids are flat-shaded
// (spheres smooth) by a light that sits above and behind the eye, so every
// face the camera sees is lit. Text labels are projected and drawn
// on top through a Painter (painter.h). Sizes ending in Px are pixels;
// everything else is world units. The recording is plain C++; only render()
// needs OpenGL (canvas3d_render.cpp, the viewer's).
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

#include "pbm/viewer/camera3d.h"
#include "pbm/viewer/colors.h"
#include "pbm/viewer/painter.h"

namespace pbm {

class Canvas3D {
 public:
  // The view calls begin() before a scene's draw3D and render() after the
  // ImGui frame is built; labels go to `labels` (the viewer's: ImGui's
  // background list), none when it is null.
  void begin(const Camera3D& camera, Painter* labels);
  // pixelRatio: framebuffer pixels to a window pixel (a web page's
  // devicePixelRatio; 1 on the desktop), by which the view and the widths grow.
  void render(float pixelRatio) const;
  const Camera3D& camera() const { return camera_; }

  // --- curves and points (depth-tested, not lit)
  void line(const Eigen::Vector3d& a, const Eigen::Vector3d& b, Color c, float px = 1.5f);
  void polyline(const std::vector<Eigen::Vector3d>& pts, Color c, float px = 1.5f);
  // Shaft as a line, head as a shaded cone of about headPx pixels.
  void arrow(const Eigen::Vector3d& from, const Eigen::Vector3d& to, Color c, float px = 1.5f,
             float headPx = 12.f);
  void point(const Eigen::Vector3d& p, Color c, float px = 6.f);

  // --- solids (depth-tested, shaded)
  // An oriented box: centre, rotation (body to world; its columns are the
  // box's axes) and half extents along those axes.
  void box(const Eigen::Vector3d& center, const Eigen::Matrix3d& rotation,
           const Eigen::Vector3d& halfExtents, Color c);
  void sphere(const Eigen::Vector3d& center, double radius, Color c);
  // A convex polyhedron in world coordinates: each face lists vertex indices
  // around it (either winding; the normal is turned outward).
  void polyhedron(const std::vector<Eigen::Vector3d>& vertices,
                  const std::vector<std::vector<int>>& faces, Color c);
  // A flat quadrilateral a-b-c-d, unlit. Translucent when c's alpha < 255:
  // drawn after the opaque geometry, back to front, without writing depth.
  void quad(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& c,
            const Eigen::Vector3d& d, Color color);
  // The 12 edges of a box (ghosts, bounding boxes).
  void wireBox(const Eigen::Vector3d& center, const Eigen::Matrix3d& rotation,
               const Eigen::Vector3d& halfExtents, Color c, float px = 1.f);

  // --- reference geometry
  // Grid lines every `spacing` out to `halfExtent` in the ground plane (normal
  // to the camera's up axis) at `height` along up; the two centre lines brighter.
  void groundGrid(double halfExtent, double spacing, double height = 0.0);
  // The x, y, z axes from `origin`, `length` long, labelled.
  void axes(double length, const Eigen::Vector3d& origin = Eigen::Vector3d::Zero());
  // Text whose top-left corner sits at the projected point plus a pixel
  // offset, on a dark backdrop so it reads over any geometry. When it would
  // crowd an earlier label it moves below its point (the offset mirrored),
  // else below the earlier labels. Hidden when the point is behind the eye
  // or outside the view.
  void text(const Eigen::Vector3d& at, const std::string& s, Color c = colors::kText,
            Px2 offsetPx = {7.f, -18.f});

  long triangles() const;  // recorded this frame (opaque + translucent)

 private:
  struct Vertex {
    float x, y, z;
    Color c;
  };
  struct Batch {  // lines or points of one width
    float px;
    std::vector<Vertex> v;
  };
  Vertex vertex(const Eigen::Vector3d& p, Color c) const;
  std::vector<Vertex>& lineBatch(float px);
  void triangle(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& c,
                Color color);
  Color lit(Color c, const Eigen::Vector3d& normal) const;
  // Is the face with outward normal n through the point seen from its front?
  bool facesEye(const Eigen::Vector3d& n, const Eigen::Vector3d& onFace) const;
  void cone(const Eigen::Vector3d& base, const Eigen::Vector3d& tip, double radius, Color c);
  // The translucent triangles farthest first, as render() draws them.
  std::vector<Vertex> glassBackToFront() const;

  Camera3D camera_;
  struct LabelBox {
    Px2 min, max;
  };
  Painter* labels_ = nullptr;
  Eigen::Vector3d eye_, forward_;         // cached from the camera for this frame
  Eigen::Vector3d light_{0.0, 1.0, 0.0};  // unit, towards the light
  std::vector<Vertex> tris_;              // opaque triangles, colours already shaded
  std::vector<Vertex> glass_;             // translucent triangles
  std::vector<Batch> lines_, points_;
  std::vector<LabelBox> labelRects_;  // this frame's labels
};

}  // namespace pbm
