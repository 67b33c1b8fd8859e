#include "pbm/viewer/canvas3d.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <numeric>

namespace pbm {

namespace {

using Eigen::Vector3d;

// Latitude-longitude unit sphere as a triangle list (three positions per
// triangle), at a few resolutions chosen by the sphere's size on screen.
const std::vector<Vector3d>& unitSphere(int level) {
  static std::array<std::vector<Vector3d>, 3> meshes;
  static const int lat[3] = {8, 14, 22}, lon[3] = {14, 26, 40};
  std::vector<Vector3d>& m = meshes[level];
  if (!m.empty()) return m;
  const int nl = lat[level], nm = lon[level];
  auto at = [&](int i, int j) {
    const double th = std::numbers::pi * i / nl, ph = 2.0 * std::numbers::pi * j / nm;
    return Vector3d(std::sin(th) * std::cos(ph), std::cos(th), std::sin(th) * std::sin(ph));
  };
  for (int i = 0; i < nl; ++i)
    for (int j = 0; j < nm; ++j) {
      const Vector3d a = at(i, j), b = at(i + 1, j), c = at(i + 1, j + 1), d = at(i, j + 1);
      if (i > 0) m.insert(m.end(), {a, c, d});  // the poles need one triangle per cell
      if (i + 1 < nl) m.insert(m.end(), {a, b, c});
    }
  return m;
}

// Each of R, G and B times s (a packed Color: R in the low byte, A in the high).
Color scaled(Color c, double s) {
  auto ch = [&](int shift) {
    const double v = static_cast<double>((c >> shift) & 0xFF) * s;
    return static_cast<Color>(std::clamp(v, 0.0, 255.0) + 0.5) << shift;
  };
  return ch(0) | ch(8) | ch(16) | (c & 0xff000000u);
}

}  // namespace

void Canvas3D::begin(const Camera3D& camera, Painter* labels) {
  camera_ = camera;
  labels_ = labels;
  eye_ = camera_.eye();
  forward_ = camera_.forward();
  // A light above, left of and behind the eye: the faces turned to the
  // camera are lit, those turned up brightest, so shapes read at any angle.
  light_ =
      (-0.35 * camera_.right() + 0.75 * camera_.upScreen() - 0.55 * camera_.forward()).normalized();
  tris_.clear();
  glass_.clear();
  labelRects_.clear();
  for (auto& b : lines_) b.v.clear();
  for (auto& b : points_) b.v.clear();
}

Canvas3D::Vertex Canvas3D::vertex(const Vector3d& p, Color c) const {
  return {static_cast<float>(p.x()), static_cast<float>(p.y()), static_cast<float>(p.z()), c};
}

std::vector<Canvas3D::Vertex>& Canvas3D::lineBatch(float px) {
  for (auto& b : lines_)
    if (b.px == px) return b.v;
  lines_.push_back({px, {}});
  return lines_.back().v;
}

Color Canvas3D::lit(Color c, const Vector3d& n) const {
  return scaled(c, 0.32 + 0.78 * std::max(0.0, n.dot(light_)));
}

long Canvas3D::triangles() const {
  return static_cast<long>((tris_.size() + glass_.size()) / 3);
}

// ------------------------------------------------------------------ curves

void Canvas3D::line(const Vector3d& a, const Vector3d& b, Color c, float px) {
  auto& v = lineBatch(px);
  v.push_back(vertex(a, c));
  v.push_back(vertex(b, c));
}

void Canvas3D::polyline(const std::vector<Vector3d>& pts, Color c, float px) {
  if (pts.size() < 2) return;
  auto& v = lineBatch(px);
  v.reserve(v.size() + 2 * pts.size());
  for (size_t i = 1; i < pts.size(); ++i) {
    v.push_back(vertex(pts[i - 1], c));
    v.push_back(vertex(pts[i], c));
  }
}

void Canvas3D::point(const Vector3d& p, Color c, float px) {
  for (auto& b : points_)
    if (b.px == px) {
      b.v.push_back(vertex(p, c));
      return;
    }
  points_.push_back({px, {vertex(p, c)}});
}

void Canvas3D::arrow(const Vector3d& from, const Vector3d& to, Color c, float px, float headPx) {
  const Vector3d d = to - from;
  const double len = d.norm();
  if (!(len > 0.0)) return;
  double depth = 0.0;
  Eigen::Vector2d s;
  camera_.project(to, s, &depth);
  const double head = std::min(0.6 * len, headPx * camera_.worldPerPixel(depth));
  const Vector3d base = to - d / len * head;
  line(from, base, c, px);
  cone(base, to, 0.38 * head, c);
}

void Canvas3D::cone(const Vector3d& base, const Vector3d& tip, double radius, Color c) {
  const Vector3d axis = (tip - base).normalized();
  const Vector3d u = axis.unitOrthogonal(), w = axis.cross(u);
  constexpr int kSides = 12;
  for (int i = 0; i < kSides; ++i) {
    const double a0 = 2.0 * std::numbers::pi * i / kSides,
                 a1 = 2.0 * std::numbers::pi * (i + 1) / kSides;
    const Vector3d p0 = base + radius * (std::cos(a0) * u + std::sin(a0) * w);
    const Vector3d p1 = base + radius * (std::cos(a1) * u + std::sin(a1) * w);
    triangle(p0, p1, tip, c);
    triangle(p1, p0, base, c);
  }
}

// ------------------------------------------------------------------ solids

bool Canvas3D::facesEye(const Vector3d& n, const Vector3d& onFace) const {
  return camera_.orthographic() ? n.dot(forward_) < 0.0 : n.dot(eye_ - onFace) > 0.0;
}

void Canvas3D::triangle(const Vector3d& a, const Vector3d& b, const Vector3d& c, Color color) {
  // Flat shading from the face normal, whichever way the triangle winds: the
  // side facing the eye is the one seen.
  Vector3d n = (b - a).cross(c - a);
  const double len = n.norm();
  if (!(len > 0.0)) return;
  n /= len;
  const Vector3d toEye = camera_.orthographic() ? Vector3d(-forward_) : Vector3d(eye_ - a);
  if (n.dot(toEye) < 0.0) n = -n;
  const Color s = lit(color, n);
  tris_.push_back(vertex(a, s));
  tris_.push_back(vertex(b, s));
  tris_.push_back(vertex(c, s));
}

void Canvas3D::box(const Vector3d& center, const Eigen::Matrix3d& R, const Vector3d& half,
                   Color c) {
  // Corner k has signs (bit 0: x, bit 1: y, bit 2: z) in the box frame.
  Vector3d corner[8];
  for (int k = 0; k < 8; ++k)
    corner[k] = center + R * Vector3d((k & 1 ? 1 : -1) * half.x(), (k & 2 ? 1 : -1) * half.y(),
                                      (k & 4 ? 1 : -1) * half.z());
  // Each face: its outward axis and four corners around it.
  static const int faces[6][4] = {{1, 3, 7, 5}, {0, 4, 6, 2}, {2, 6, 7, 3},
                                  {0, 1, 5, 4}, {4, 5, 7, 6}, {0, 2, 3, 1}};
  static const int axis[6] = {0, 0, 1, 1, 2, 2};
  static const double sign[6] = {1, -1, 1, -1, 1, -1};
  for (int f = 0; f < 6; ++f) {
    const Vector3d n = sign[f] * R.col(axis[f]);
    // A closed convex solid shows only the faces turned to the eye: the
    // others are left out here, half the work for the rasteriser.
    if (!facesEye(n, center + sign[f] * half[axis[f]] * R.col(axis[f]))) continue;
    const Color s = lit(c, n);
    const int* q = faces[f];
    for (int i : {q[0], q[1], q[2], q[0], q[2], q[3]}) tris_.push_back(vertex(corner[i], s));
  }
}

void Canvas3D::sphere(const Vector3d& center, double radius, Color c) {
  double depth = 0.0;
  Eigen::Vector2d s;
  camera_.project(center, s, &depth);
  const double px = radius / camera_.worldPerPixel(depth);
  const auto& mesh = unitSphere(px < 10.0 ? 0 : px < 60.0 ? 1 : 2);
  tris_.reserve(tris_.size() + mesh.size());
  // Smooth: each vertex lit by its own normal, the unit-sphere position.
  for (const Vector3d& n : mesh) tris_.push_back(vertex(center + radius * n, lit(c, n)));
}

void Canvas3D::polyhedron(const std::vector<Vector3d>& v,
                          const std::vector<std::vector<int>>& faces, Color c) {
  if (v.empty()) return;
  const Vector3d centroid = std::accumulate(v.begin(), v.end(), Vector3d(Vector3d::Zero())) /
                            static_cast<double>(v.size());
  for (const auto& f : faces) {
    if (f.size() < 3) continue;
    // Newell's normal, robust for any planar polygon, turned away from the centroid.
    Vector3d n = Vector3d::Zero(), mid = Vector3d::Zero();
    for (size_t i = 0; i < f.size(); ++i) {
      const Vector3d& a = v[f[i]];
      const Vector3d& b = v[f[(i + 1) % f.size()]];
      n += Vector3d((a.y() - b.y()) * (a.z() + b.z()), (a.z() - b.z()) * (a.x() + b.x()),
                    (a.x() - b.x()) * (a.y() + b.y()));
      mid += a;
    }
    mid /= static_cast<double>(f.size());
    if (n.dot(mid - centroid) < 0.0) n = -n;
    if (!facesEye(n, mid)) continue;
    const Color s = lit(c, n.normalized());
    for (size_t i = 1; i + 1 < f.size(); ++i)
      for (int k : {f[0], f[i], f[i + 1]}) tris_.push_back(vertex(v[k], s));
  }
}

void Canvas3D::quad(const Vector3d& a, const Vector3d& b, const Vector3d& c, const Vector3d& d,
                    Color color) {
  auto& out = alphaOf(color) < 255 ? glass_ : tris_;
  for (const Vector3d* p : {&a, &b, &c, &a, &c, &d}) out.push_back(vertex(*p, color));
}

void Canvas3D::wireBox(const Vector3d& center, const Eigen::Matrix3d& R, const Vector3d& half,
                       Color c, float px) {
  Vector3d corner[8];
  for (int k = 0; k < 8; ++k)
    corner[k] = center + R * Vector3d((k & 1 ? 1 : -1) * half.x(), (k & 2 ? 1 : -1) * half.y(),
                                      (k & 4 ? 1 : -1) * half.z());
  // The 12 edges join corners that differ in one bit.
  for (int k = 0; k < 8; ++k)
    for (int bit : {1, 2, 4})
      if (!(k & bit)) line(corner[k], corner[k | bit], c, px);
}

// ------------------------------------------------------------------ reference

void Canvas3D::groundGrid(double halfExtent, double spacing, double height) {
  if (!(spacing > 0.0) || !(halfExtent > 0.0)) return;
  const Vector3d up = camera_.worldUp();
  // Two ground axes: x when it lies in the ground, else what is left.
  Vector3d a = Vector3d::UnitX() - Vector3d::UnitX().dot(up) * up;
  if (a.norm() < 1e-6) a = Vector3d::UnitZ() - Vector3d::UnitZ().dot(up) * up;
  a.normalize();
  const Vector3d b = up.cross(a), o = height * up;
  const int n = static_cast<int>(std::min(500.0, std::floor(halfExtent / spacing)));
  const double e = n * spacing;
  for (int i = -n; i <= n; ++i) {
    const Color c = i == 0 ? colors::kAxis : colors::kGrid;
    line(o + i * spacing * a - e * b, o + i * spacing * a + e * b, c, 1.f);
    line(o + i * spacing * b - e * a, o + i * spacing * b + e * a, c, 1.f);
  }
}

void Canvas3D::axes(double length, const Vector3d& origin) {
  static const char* names[3] = {"x", "y", "z"};
  for (int i = 0; i < 3; ++i) {
    const Vector3d tip = origin + length * Vector3d::Unit(i);
    arrow(origin, tip, colors::kDim, 1.5f, 10.f);
    text(tip, names[i], colors::kDim, {4.f, -8.f});
  }
}

void Canvas3D::text(const Vector3d& at, const std::string& s, Color c, Px2 off) {
  if (!labels_) return;
  Eigen::Vector2d p;
  if (!camera_.project(at, p)) return;
  if (p.x() < 0 || p.y() < 0 || p.x() > camera_.width() || p.y() > camera_.height()) return;
  const Px2 pt(static_cast<float>(p.x()), static_cast<float>(p.y()));
  const Px2 size = labels_->textSize(s.c_str());
  // The earlier label whose backdrop this one's (at top-left tl) would come
  // within `gap` pixels of, or null: closer than that they read as one block.
  const float gap = 4.f;
  auto blocker = [&](const Px2& tl) -> const LabelBox* {
    for (const LabelBox& r : labelRects_)
      if (tl.x - 3.f < r.max.x + gap && tl.x + size.x + 3.f > r.min.x - gap &&
          tl.y - 1.f < r.max.y + gap && tl.y + size.y > r.min.y - gap)
        return &r;
    return nullptr;
  };
  // A label that would crowd one drawn before it this frame tries the other
  // side of its point first (the offset mirrored below it), so it stays
  // beside the point it names; only when both are taken is it stacked below
  // the earlier labels. Stacking first put the labels of two contacts a few
  // pixels apart edge to edge, the second far from its point. (Not the left
  // corners: a label there went under the lesson box at the top left.)
  const Px2 corners[] = {off, Px2(off.x, -off.y - size.y)};
  Px2 tl(pt.x + off.x, pt.y + off.y);
  bool placed = false;
  for (const Px2& c : corners)
    if (!blocker(Px2(pt.x + c.x, pt.y + c.y))) {
      tl = Px2(pt.x + c.x, pt.y + c.y);
      placed = true;
      break;
    }
  for (int tries = 0; !placed && tries < 6; ++tries) {
    const LabelBox* r = blocker(tl);
    if (!r) break;
    tl.y = r->max.y + gap + 2.f;
  }
  const LabelBox box{Px2(tl.x - 3.f, tl.y - 1.f), Px2(tl.x + size.x + 3.f, tl.y + size.y)};
  labelRects_.push_back(box);
  labels_->rectFilled(box.min, box.max, rgba(16, 17, 21, 190), 3.f);
  labels_->text(tl, c, s.c_str());
}

}  // namespace pbm

namespace pbm {

std::vector<Canvas3D::Vertex> Canvas3D::glassBackToFront() const {
  // Translucent triangles neither hide each other nor what lies behind them
  // (drawn without writing depth): drawn farthest first, by their centres'
  // depth along the view direction.
  const Vector3d eye = camera_.eye(), fwd = camera_.forward();
  const size_t n = glass_.size() / 3;
  std::vector<std::pair<double, size_t>> order(n);
  for (size_t i = 0; i < n; ++i) {
    Vector3d c = Vector3d::Zero();
    for (int k = 0; k < 3; ++k) {
      const Vertex& v = glass_[3 * i + k];
      c += Vector3d(v.x, v.y, v.z);
    }
    order[i] = {(c / 3.0 - eye).dot(fwd), i};
  }
  std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a > b; });
  std::vector<Vertex> sorted;
  sorted.reserve(glass_.size());
  for (const auto& [d, i] : order)
    for (int k = 0; k < 3; ++k) sorted.push_back(glass_[3 * i + k]);
  return sorted;
}

}  // namespace pbm
